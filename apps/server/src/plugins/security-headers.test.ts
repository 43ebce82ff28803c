import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser } from '../testing/test-app.ts';
import { inlineScriptHashes } from './security-headers.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("the pages' inline script", () => {
  it('is allowed by the hash of exactly what index.html holds inline, and nothing else is', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-dist-'));
    try {
      expect(inlineScriptHashes(dist)).toEqual([]);
      const inline = '(()=>{document.addEventListener("submit",()=>{},!0)})();';
      fs.writeFileSync(path.join(dist, 'index.html'), `<head><script>${inline}</script></head><body><script type="module" src="/assets/a.js"></script></body>`);
      expect(inlineScriptHashes(dist)).toEqual([`'sha256-${createHash('sha256').update(inline).digest('base64')}'`]);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe.each(engines)('security headers on %s', (engine) => {
  it('sends pages a CSP without inline script, nosniff and no framing', async () => {
    const t = await createTestApp(engine);
    try {
      for (const url of ['/login', '/faces/add', '/no-such-page']) {
        const res = await t.app.inject({ method: 'GET', url });
        const csp = directives(String(res.headers['content-security-policy']));
        expect(csp.get('script-src')).toEqual(["'self'"]);
        expect(csp.get('default-src')).toEqual(["'self'"]);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBeDefined();
        expect(res.headers['referrer-policy']).toBeDefined();
        expect(res.headers['permissions-policy']).toMatch(/camera=\(self\)/);
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('sends API answers, errors included, a CSP that allows nothing, nosniff and no framing', async () => {
    const t = await createTestApp(engine);
    try {
      const answers = [
        await t.app.inject({ method: 'GET', url: '/api/auth/session' }),
        await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: 'x', password: 'y' } }),
        await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
        await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: '{' }),
        await t.app.inject({ method: 'POST', url: '/face-api/get_all_faces' }),
      ];
      for (const res of answers) {
        const csp = directives(String(res.headers['content-security-policy']));
        expect(csp.get('default-src')).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      }
    } finally {
      await t.close();
    }
  });

  it('tells caches to keep no answer with personal data: every POST answer and every signed-in read', async () => {
    const t = await createTestApp(engine);
    try {
      const { cookie, input } = await signedInUser(t);
      const answers = [
        await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: input.licenseId, password: input.password } }),
        await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: input.licenseId, password: 'Wrong-Cactus9!' } }),
        await t.app.inject({ method: 'POST', url: '/face-api/get_all_faces', headers: { cookie }, payload: { email: input.email } }),
        await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } }),
        await t.app.inject({ method: 'GET', url: '/api/helpers', headers: { cookie } }),
      ];
      expect(answers.map((answer) => answer.headers['cache-control'])).toEqual(Array(answers.length).fill('no-store'));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200, 200, 200]);
    } finally {
      await t.close();
    }
  });

  it('adds HSTS and upgrade-insecure-requests when served over https', async () => {
    const t = await createTestApp(engine, { publicUrl: 'https://seva.example', secureCookies: true });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const res = await t.app.inject({ method: 'GET', url: '/login' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(directives(String(res.headers['content-security-policy'])).has('upgrade-insecure-requests')).toBe(true);
      expect(directives(String(res.headers['content-security-policy'])).get('script-src')).toEqual(["'self'"]);
    } finally {
      await t.close();
    }
  });
});
