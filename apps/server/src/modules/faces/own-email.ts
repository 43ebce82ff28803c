import { messages } from '@seva/shared';
import { refused } from '../../domain-errors.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';

/** DESIGN: the email field must be the caller's own; anything else is refused before any work. */
export function checkOwnEmail(user: SignedInUser, email: string): void {
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) throw refused(messages.forbiddenEmail);
}
