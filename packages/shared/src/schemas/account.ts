import { z } from 'zod';
import { messages } from '../messages.ts';
import { requiredText } from './fields.ts';

/** POST /api/account/delete: the password confirms that the owner, not someone at an open browser, deletes it. */
export const deleteAccountSchema = z.strictObject({
  password: requiredText(messages.passwordRequired, 1024, { trim: false }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
