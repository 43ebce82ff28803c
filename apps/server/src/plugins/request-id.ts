import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../config.ts';

const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand us: 8 to 128 letters, digits and . _ : - (a UUID, HAProxy's unique-id); nothing that could forge a log line. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The ranges Fastify's TRUST_PROXY names stand for (proxy-addr's). */
const NAMED_RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Whether the connection's peer is a proxy TRUST_PROXY trusts: any peer for a hop count, a listed one for a list. */
function trustsPeer(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const list = new net.BlockList();
  for (const entry of trustProxy) {
    for (const [address, prefix, family] of NAMED_RANGES[entry] ?? []) list.addSubnet(address, prefix, family);
    if (NAMED_RANGES[entry]) continue;
    const [address = '', prefix] = entry.split('/');
    const family = net.isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return list.check(mapped, 'ipv4');
    return list.check(address, net.isIPv4(address) ? 'ipv4' : 'ipv6');
  };
}

/**
 * Fastify's genReqId: the proxy's X-Request-Id when TRUST_PROXY trusts the peer and the id has a safe shape, so one
 * id follows a request from the balancer's log to ours; a new UUID otherwise. A client can never choose its id.
 */
export function requestIdOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && ACCEPTED_ID.test(given) && trusted(request.socket.remoteAddress)) return given;
    return randomUUID();
  };
}

/** Every answer says its request's id, so a user, a proxy or support can quote it and find its log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
}
