import addressparser from 'nodemailer/lib/addressparser';

/**
 * True when the mailer reads `address` back as exactly one address, itself, with no display name and no group: an
 * address with a comma, a semicolon, a colon, quotes or angle brackets would send mail to part of it, or to another.
 */
export function isSingleMailAddress(address: string): boolean {
  const parsed = addressparser(address);
  const [only] = parsed;
  return parsed.length === 1 && only !== undefined && only.group === undefined && only.address === address && only.name === '';
}
