import net from 'node:net';

/**
 * The address a rate limit counts a client by: an IPv4 address as it is (IPv4-mapped IPv6 included), an IPv6 address
 * by its /64 network, since one subscriber usually holds a whole /64 and could otherwise step past a limit by changing
 * the low 64 bits. Anything else (a test's made-up address) is counted as given.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && net.isIPv4(mapped[1]!)) return mapped[1]!;
  if (!net.isIPv6(address)) return ip;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/**
 * The approximate network an address belongs to, as /pair compares it (RFC 8628 §5.4): an IPv4 address's /24, an IPv6
 * address's /48 (a site's usual allocation). Anything else is given as it is.
 */
export function approximateNetwork(ip: string): string {
  const address = rateLimitAddress(ip);
  if (net.isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (!address.endsWith('::/64')) return address;
  return `${address.split(':').slice(0, 3).join(':')}::/48`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').flatMap(groupsOf));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right];
}

/** One group, or the two groups an embedded dotted IPv4 tail (::1.2.3.4) stands for. */
function groupsOf(part: string): string[] {
  if (!part.includes('.')) return [parseInt(part, 16).toString(16)];
  const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
