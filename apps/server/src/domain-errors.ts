/**
 * What a service says when it will not do what was asked. Services know nothing of HTTP: the one error handler
 * (plugins/error-handler.ts) maps each kind to a status, and the CLI prints the message (D-010).
 */
export type DomainErrorKind =
  | 'invalid' // the input breaks a rule: 400
  | 'unauthenticated' // no valid session, token or credentials: 401
  | 'refused' // known caller, not allowed: 403
  | 'not-found' // 404
  | 'conflict' // clashes with what is stored: 409
  | 'expired' // was valid once: 410
  | 'unprocessable' // well-formed but unusable (an image without one face): 422
  | 'too-many' // a rate limit: 429
  | 'unavailable'; // our side cannot do it now (mail down, face queue full): 503

interface DomainErrorDetails {
  /** The form field the message belongs to. */
  field?: string;
  /** A machine-readable reason for the client to branch on (e.g. 'unverified'). */
  code?: string;
  /** A rate limit's refusal: when to try again (the OAuth endpoints send it as Retry-After). */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

const withField = (field?: string): DomainErrorDetails => (field ? { field } : {});

export const invalid = (message: string, field?: string) => new DomainError('invalid', message, withField(field));
export const unauthenticated = (message: string, details: DomainErrorDetails = {}) => new DomainError('unauthenticated', message, details);
export const refused = (message: string, details: DomainErrorDetails = {}) => new DomainError('refused', message, details);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string, field?: string) => new DomainError('conflict', message, withField(field));
export const expired = (message: string) => new DomainError('expired', message);
export const unprocessable = (message: string, field?: string) => new DomainError('unprocessable', message, withField(field));
export const tooMany = (message: string) => new DomainError('too-many', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);
