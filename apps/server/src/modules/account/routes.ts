import type { FastifyInstance } from 'fastify';
import { accountMessages, changePasswordSchema, deleteAccountSchema, exportRequestSchema, passwordChangedMessage, signedOutBrowserMessage, signedOutOthersMessage } from '@seva/shared';
import { z } from 'zod';
import { notFound } from '../../domain-errors.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { clearSessionCookie, sessionToken } from '../sessions/cookie-http.ts';
import type { AccountService } from './service.ts';

/** A session id as GET /sessions gives it: 43 base64url characters (a SHA-256). */
const sessionParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/**
 * /api/account (session only, never the glasses' token): the signed-in browsers, the data download and the account's
 * deletion (issue #12). State changes are POST or DELETE, so the same-origin check covers them; the download is a POST
 * for the same reason (it is noted in the account's activity).
 */
export function accountRoutes(account: AccountService, options: { secureCookies: boolean }) {
  return async (app: FastifyInstance) => {
    app.get('/sessions', async (request) => ({ sessions: await account.sessions(request.user, sessionToken(request)) }));

    app.delete('/sessions/:id', async (request) => {
      const params = sessionParams.safeParse(request.params);
      if (!params.success) throw notFound(accountMessages.sessionNotFound);
      return { message: signedOutBrowserMessage(await account.endSession(request.user, params.data.id, request.caller.from)) };
    });

    app.post('/sessions/sign-out-others', async (request) => {
      const count = await account.endOtherSessions(request.user, sessionToken(request), request.caller.from);
      return { count, message: signedOutOthersMessage(count) };
    });

    app.post('/password', async (request) => {
      const input = parseBody(changePasswordSchema, request.body);
      const { signedOut, unpaired } = await account.changePassword(request.user, input, request.caller, sessionToken(request), request.caller.from);
      return { signedOut, unpaired, message: passwordChangedMessage(signedOut, unpaired) };
    });

    app.post('/export', async (request, reply) => {
      const { timeZone } = parseBody(exportRequestSchema, request.body ?? {});
      const archive = await account.exportArchive(request.user, request.caller.from, timeZone);
      return reply
        .type('application/zip')
        .header('Content-Length', archive.size)
        .header('Content-Disposition', `attachment; filename="${archive.fileName}"`)
        .send(archive.stream);
    });

    app.post('/delete', async (request, reply) => {
      await account.deleteAccount(request.user, parseBody(deleteAccountSchema, request.body).password, request.caller);
      clearSessionCookie(reply, options.secureCookies);
      return { message: accountMessages.accountDeleted };
    });
  };
}
