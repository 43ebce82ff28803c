import { randomBytes } from 'node:crypto';
import type { TokenSource } from './sign-up-flow.ts';
import { TEST_PASSWORD } from './test-user.ts';
import { cookieOf, type Send } from './transport.ts';

/** A helper not yet invited (issue #18): a name, a unique address and a password that meets the rules. */
interface TestHelper {
  name: string;
  email: string;
  password: string;
}

let counter = 0;

export function uninvitedHelper(overrides: Partial<TestHelper> = {}): TestHelper {
  counter += 1;
  const id = `${counter}${randomBytes(4).toString('hex')}`;
  return { name: `Helper ${id}`, email: `helper-${id}@example.com`, password: TEST_PASSWORD, ...overrides };
}

/** The wearer (signed in by `wearerCookie`) invites `helper`; answers the token of the e-mailed link. */
export async function inviteHelper(portal: { send: Send; tokenFor: TokenSource }, wearerCookie: string, helper: Pick<TestHelper, 'name' | 'email'>): Promise<string> {
  const answer = await portal.send('POST', '/api/helpers', { name: helper.name, email: helper.email }, { cookie: wearerCookie });
  if (answer.status !== 201) throw new Error(`invitation answered ${answer.status}: ${answer.text}`);
  return portal.tokenFor(helper.email, 'helper/accept');
}

/** Accepts an invitation as a new helper account; answers the helper's session cookie and the session answer. */
export async function acceptAsNewHelper(send: Send, token: string, helper: Pick<TestHelper, 'name' | 'password'>): Promise<{ cookie: string; session: unknown }> {
  const answer = await send('POST', '/api/helper-invitations/accept', { token, name: helper.name, password: helper.password, confirmPassword: helper.password });
  if (answer.status !== 200) throw new Error(`accept answered ${answer.status}: ${answer.text}`);
  return { cookie: cookieOf(answer), session: answer.json };
}

/** Invites a new helper and accepts as them: the helper, signed in, acting for the wearer. */
export async function helperOf(portal: { send: Send; tokenFor: TokenSource }, wearerCookie: string, overrides: Partial<TestHelper> = {}) {
  const helper = uninvitedHelper(overrides);
  const token = await inviteHelper(portal, wearerCookie, helper);
  return { helper, ...(await acceptAsNewHelper(portal.send, token, helper)) };
}
