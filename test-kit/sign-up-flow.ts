import type { SignInAnswer } from '@seva/shared';
import { newestMailTo, outboxOf } from './eml-outbox.ts';
import { tokenInMail, type MailPage } from './mail-link.ts';
import { signUpBody, unregisteredUser, type TestUser } from './test-user.ts';
import { cookieOf, fetchTransport, type Send } from './transport.ts';

/** Finds the token of the newest e-mail to `to` linking to `page`; rejects when none comes. */
export type TokenSource = (to: string, page: MailPage) => Promise<string>;

/** A portal as the flow sees it: how to send a request, and where its e-mails arrive. */
export interface Portal {
  send: Send;
  tokenFor: TokenSource;
}

/** The user a sign-in answers with. */
type SignedInAs = SignInAnswer['user'];

/** Tokens from e-mails recorded in memory (server tests: the recording mailer's list, newest last). */
export function recordedMails(mails: ReadonlyArray<{ to: string; text: string }>): TokenSource {
  return async (to, page) => {
    for (const mail of [...mails].reverse()) {
      const token = mail.to.toLowerCase() === to.toLowerCase() ? tokenInMail(mail.text, page) : undefined;
      if (token) return token;
    }
    throw new Error(`no ${page} e-mail to ${to} among ${mails.length}`);
  };
}

/** Tokens from the .eml files a running portal writes under DATA_DIR/mail; waits up to `timeoutMs` for the e-mail. */
function emlOutbox(outbox: string, timeoutMs = 10_000): TokenSource {
  return async (to, page) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const mail = newestMailTo(outbox, to);
      const token = mail === undefined ? undefined : tokenInMail(mail, page);
      if (token) return token;
      if (Date.now() > until) throw new Error(`no ${page} e-mail to ${to} in ${outbox} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

/** A running portal (`npm start`) at `url` with its DATA_DIR: real HTTP, e-mails from its .eml outbox. */
export function portalOverHttp(portal: { url: string; dataDir: string }): Portal {
  return { send: fetchTransport(portal.url), tokenFor: emlOutbox(outboxOf(portal.dataDir)) };
}

/** Signs up a new user and verifies its e-mail with the token e-mailed to it; returns what it signed up with. */
export async function registerVerifiedUser(portal: Portal, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = unregisteredUser(overrides);
  const signUp = await portal.send('POST', '/api/auth/sign-up', signUpBody(user));
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${signUp.text}`);
  const token = await portal.tokenFor(user.email, 'verify-email');
  const verify = await portal.send('POST', '/api/auth/verify-email', { token });
  if (verify.status !== 200) throw new Error(`verify-email answered ${verify.status}: ${verify.text}`);
  return user;
}

/** Signs in through the API; returns the session cookie (`name=value`, for a `cookie` header) and the user. */
export async function signIn(send: Send, user: Pick<TestUser, 'licenseId' | 'password'>): Promise<{ cookie: string; user: SignedInAs }> {
  const answer = await send('POST', '/api/auth/sign-in', { licenseId: user.licenseId, password: user.password });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`);
  return { cookie: cookieOf(answer), user: (answer.json as SignInAnswer).user };
}

/** Signs up, verifies and signs in a new user: `input` is what it signed up with, `cookie` its session. */
export async function signedInUser(portal: Portal, overrides: Partial<TestUser> = {}): Promise<{ input: TestUser; cookie: string; user: SignedInAs }> {
  const input = await registerVerifiedUser(portal, overrides);
  return { input, ...(await signIn(portal.send, input)) };
}
