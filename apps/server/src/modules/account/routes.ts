import type { FastifyInstance } from 'fastify';
import {
  accountMessages,
  browserSessionsAnswerSchema,
  changePasswordSchema,
  deleteAccountSchema,
  exportRequestSchema,
  languageChoiceSchema,
  messageAnswer,
  passwordChangedAnswerSchema,
  passwordChangedMessage,
  signedOutBrowserMessage,
  signedOutOthersAnswerSchema,
  signedOutOthersMessage,
} from '@seva/shared';
import { z } from 'zod';
import { noContent, refusals, security } from '../../plugins/api-contract.ts';
import { browserCall, fileBytes } from '../../plugins/contract-parts.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { parseParams } from '../../plugins/parse-params.ts';
import { clearSessionCookie, sessionToken } from '../sessions/cookie-http.ts';
import type { AccountService } from './service.ts';

/** A session id as GET /sessions gives it: 43 base64url characters (a SHA-256). */
const sessionParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{43}$/).meta({ description: 'The `id` GET /sessions gave.' }) });

const accountCall = <S extends Parameters<typeof browserCall>[4]>(summary: string, parts: Parameters<typeof browserCall>[2], success: object, ...statuses: S[]) => ({
  schema: browserCall('api: account', summary, parts, success, ...statuses),
});

/**
 * /api/account (session only, never the glasses' token): the signed-in browsers, the data download and the account's
 * deletion (issue #12). State changes are POST or DELETE, so the same-origin check covers them; the download is a POST
 * for the same reason (it is noted in the account's activity).
 */
export function accountRoutes(account: AccountService, options: { secureCookies: boolean }) {
  return async (app: FastifyInstance) => {
    const languageCall = {
      schema: {
        tags: ['api: account'],
        summary: "Choose the language of the account's e-mails ('en-GB' or 'hi')",
        security: security.session,
        body: languageChoiceSchema,
        response: { 204: noContent('Saved.'), ...refusals(400, 401, 403) },
      },
    };
    app.put('/language', languageCall, async (request, reply) => {
      await account.setLanguage(request.user, parseBody(languageChoiceSchema, request.body).locale);
      return reply.status(204).send();
    });

    app.get('/sessions', accountCall('The browsers signed in to the account', {}, browserSessionsAnswerSchema), async (request) => ({ sessions: await account.sessions(request.user, sessionToken(request)) }));

    app.delete('/sessions/:id', accountCall('Sign one browser out', { params: sessionParams }, messageAnswer(signedOutBrowserMessage('Chrome on Android')), 404), async (request) => {
      const { id } = parseParams(sessionParams, request.params, accountMessages.sessionNotFound);
      return { message: signedOutBrowserMessage(await account.endSession(request.user, id, request.caller.from)) };
    });

    app.post('/sessions/sign-out-others', accountCall('Sign out every browser but this one', {}, signedOutOthersAnswerSchema), async (request) => {
      const count = await account.endOtherSessions(request.user, sessionToken(request), request.caller.from);
      return { count, message: signedOutOthersMessage(count) };
    });

    const passwordCall = accountCall(
      'Change the password',
      { body: changePasswordSchema, description: 'The current password confirms it (a wrong one is a failed sign-in). Other browsers are signed out unless `signOutOthers` is false; the glasses are unpaired only with `unpairGlasses`.' },
      passwordChangedAnswerSchema,
      400,
      429,
    );
    app.post('/password', passwordCall, async (request) => {
      const input = parseBody(changePasswordSchema, request.body);
      const { signedOut, unpaired } = await account.changePassword(request.user, input, request.caller, sessionToken(request), request.caller.from);
      return { signedOut, unpaired, message: passwordChangedMessage(signedOut, unpaired) };
    });

    const exportCall = accountCall(
      'Download everything the portal keeps about the user (a zip)',
      { body: exportRequestSchema, description: 'The body may be left out. One download at a time per account, and a few per server: 429 beyond.' },
      { description: 'The archive, named in Content-Disposition, its length in Content-Length.', content: { 'application/zip': { schema: fileBytes } } },
      400,
      429,
    );
    app.post('/export', exportCall, async (request, reply) => {
      const { timeZone } = parseBody(exportRequestSchema, request.body ?? {});
      const archive = await account.exportArchive(request.user, request.caller.from, timeZone);
      return reply
        .type('application/zip')
        .header('Content-Length', archive.size)
        .header('Content-Disposition', `attachment; filename="${archive.fileName}"`)
        .send(archive.stream);
    });

    const deleteCall = accountCall(
      'Delete the account (restorable for 14 days)',
      { body: deleteAccountSchema, description: 'The password confirms it; a wrong one is refused with 403 and counted as a failed sign-in. The session cookie is cleared.' },
      messageAnswer(accountMessages.accountDeleted),
      400,
      429,
    );
    app.post('/delete', deleteCall, async (request, reply) => {
      await account.deleteAccount(request.user, parseBody(deleteAccountSchema, request.body).password, request.caller);
      clearSessionCookie(reply, options.secureCookies);
      return { message: accountMessages.accountDeleted };
    });
  };
}
