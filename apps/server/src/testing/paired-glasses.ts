import { answerCode as kitAnswerCode, askForCode, collectToken, pairGlasses as kitPairGlasses, type CodeAnswer } from '../../../../test-kit/glasses-pairing.ts';
import { TEST_PASSWORD } from '../../../../test-kit/test-user.ts';
import { encodeBody, fetchTransport, injectTransport, multipart, type Answer } from '../../../../test-kit/transport.ts';
import type { LightMyRequestResponse } from 'fastify';
import type { Mailer } from '../mail/mailer.ts';
import { createDevicesService } from '../modules/devices/service.ts';
import type { TestApp } from './test-app.ts';

/** The devices service of a test app, built again with another clock (`offsetMs` from now) or mailer. */
export function devicesServiceAt(t: TestApp, options: { offsetMs?: number; mailer?: Mailer } = {}) {
  const { offsetMs = 0, mailer = t.infrastructure.mailer } = options;
  const { faces, contacts, features, identity, limits } = t.services;
  return createDevicesService({
    db: t.infrastructure.database.db,
    mailer,
    config: t.config,
    faces,
    contacts,
    features,
    limits,
    confirmPassword: identity.confirmPassword,
    now: () => new Date(Date.now() + offsetMs),
  });
}

/** A form body as the glasses send it to the OAuth endpoints (application/x-www-form-urlencoded). */
export function urlEncoded(fields: Record<string, string>) {
  return { payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/** A multipart body exactly as fetch sends a FormData (the face backend's forms, with or without a file). */
export const multipartForm = (fields: Record<string, string | Blob>) => encodeBody(multipart(fields));

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A kit's answer read as `app.inject`'s, as the server tests read answers. */
const injected = async (answer: Promise<Answer>) => {
  const { status, json, text, headers } = await answer;
  return { statusCode: status, json: (() => json) as LightMyRequestResponse['json'], body: text, headers };
};

/** POST /oauth/device_authorization as the glasses do (the test kit's); `fields` adds to or replaces client_id. */
export function requestDeviceCode(t: TestApp, fields: Record<string, string> = {}) {
  return injected(askForCode(injectTransport(t.app), {}, {}, fields));
}

/** POST /oauth/token with the device code grant (the test kit's). */
export function pollToken(t: TestApp, deviceCode: string, fields: Record<string, string> = {}) {
  return injected(collectToken(injectTransport(t.app), deviceCode, {}, fields));
}

/** The signed-in user answers a code on /pair (the test kit's): 'check', 'allow' (with their password, the test users' by default) or 'deny'. */
export function answerCode(t: TestApp, cookie: string, action: CodeAnswer, code: string, remoteAddress = '127.0.0.1', password = TEST_PASSWORD) {
  return injected(kitAnswerCode(injectTransport(t.app, { remoteAddress }), { cookie, password }, action, code));
}

/** The whole grant (the test kit's): the glasses ask (for `scope`, or the default), the user allows, the glasses collect their token. */
export async function pairGlasses(t: TestApp, cookie: string, deviceName = 'Kitchen glasses', scope?: string, password = TEST_PASSWORD): Promise<{ token: string; deviceId: string; userCode: string }> {
  const paired = await kitPairGlasses({ send: injectTransport(t.app) }, { cookie, password }, { deviceName, ...(scope === undefined ? {} : { scope }) });
  return { token: paired.accessToken, deviceId: paired.deviceId, userCode: paired.userCode };
}

/** The whole grant over HTTP against a running portal (or a balancer in front): the glasses' access token. */
export async function pairGlassesOverHttp(base: string, cookie: string, password = TEST_PASSWORD): Promise<string> {
  return (await kitPairGlasses({ send: fetchTransport(base) }, { cookie, password })).accessToken;
}
