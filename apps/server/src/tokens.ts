import { hash, randomBytes } from 'node:crypto';

/** A 256-bit secret for a link or a session; only its SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
