import { z } from 'zod';

/**
 * The portal's refusal (D-010): `{ message, field? }`, the field naming the input to correct. Other details a refusal
 * carries (a code, a request's reference) pass through: the error handler writes these, never a stored row.
 */
export const errorAnswerSchema = z
  .looseObject({ message: z.string(), field: z.string().optional() })
  .meta({ id: 'Error', examples: [{ message: 'Enter a name.', field: 'name' }] });

/** An answer that only says what was done, in words to show or say aloud. */
export const messageAnswerSchema = z.object({ message: z.string() }).meta({ examples: [{ message: 'Done.' }] });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** The message answer of one route, with what it says as the document's examples. */
export const messageAnswer = (...said: [string, ...string[]]) => messageAnswerSchema.meta({ examples: said.map((message) => ({ message })) });

/** A refusal of the OAuth endpoints (RFC 6749 §5.2, RFC 8628 §3.5): never the portal's `{ message }`. */
export const oauthErrorSchema = z
  .object({ error: z.string(), error_description: z.string() })
  .meta({ id: 'OAuthError', examples: [{ error: 'authorization_pending', error_description: 'The code has not been allowed yet.' }] });
