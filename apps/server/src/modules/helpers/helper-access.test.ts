import { onlyWearerCan } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wearerWithHelper } from '../../testing/helpers.ts';
import { routesOf } from '../../testing/routes-of.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';

/** The private routes a helper may use for the wearer (issue #18); every other private route refuses helpers. */
const HELPER_ALLOWED = [
  'GET /api/contacts',
  'PUT /api/contacts',
  'GET /api/features',
  'GET /api/manuals/latest',
  'GET /api/manuals/:id/file',
  'POST /face-api/get_all_faces',
  'POST /face-api/store_face',
  'PUT /face-api/update_face_name',
  'DELETE /face-api/delete_face',
  'POST /face-api/recognize',
  'POST /face-api/detect_faces',
  'GET /face-api/image/:faceId',
  // A person's photos and the recognition test (issue #32).
  'GET /face-api/faces/:face_id/photos',
  'POST /face-api/faces/:face_id/photos',
  'DELETE /face-api/faces/:face_id/photos/:photo_id',
  'GET /face-api/faces/:face_id/photos/:photo_id/image',
  'POST /face-api/test_recognition',
];

/** Routes outside the private scope: public ones, and the helper's own account (it has its own check). */
const OUTSIDE = [/^\/language$/, /^\/api\/auth\//, /^\/api\/vitals/, /^\/api\/health/, /^\/api\/support\/?$/, /^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/, /^\/oauth\//, /^\/api\/helper-invitations\//, /^\/api\/helper\//];

const key = (method: string, path: string) => `${method} ${path.replace(/\/$/, '')}`;

describe.each(engines)('what a helper may reach on %s', (engine) => {
  let t: TestApp;
  let helped: Awaited<ReturnType<typeof wearerWithHelper>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    helped = await wearerWithHelper(t);
  });
  afterAll(() => t.close());

  it('refuses every private route a helper is not allowed, with 403 naming the wearer, before reading the body; the allowed ones answer', async () => {
    const routes = routesOf(t.app);
    const served = new Set(routes.map((r) => key(r.method, r.path)));
    for (const allowed of HELPER_ALLOWED) expect(served, `${allowed} is listed but not served`).toContain(allowed);

    const wrong: string[] = [];
    let refusedCount = 0;
    for (const { method, path } of routes) {
      if (OUTSIDE.some((pattern) => pattern.test(path))) continue;
      const url = path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        // Not even well-formed: a route that read the body before refusing would answer 400.
        ...(method === 'GET' ? { headers: { cookie: helped.cookie } } : { headers: { cookie: helped.cookie, 'content-type': 'application/json' }, payload: '{not json' }),
      });
      const route = key(method, path);
      if (path.startsWith('/device-api/')) {
        // The glasses' API knows bearer tokens only: a helper's session is nobody there.
        if (res.statusCode !== 401) wrong.push(`${route} answered ${res.statusCode}`);
      } else if (HELPER_ALLOWED.includes(route)) {
        if (res.statusCode === 401 || res.statusCode === 403) wrong.push(`${route} refused an allowed helper (${res.statusCode})`);
      } else if (res.statusCode !== 403 || res.json().message !== onlyWearerCan(helped.wearer.input.username)) {
        wrong.push(`${route} answered ${res.statusCode} ${res.body}`);
      } else {
        refusedCount += 1;
      }
    }
    expect(wrong).toEqual([]);
    // The wearer-only screens' calls: profile, glasses, browsers, data, deletion, activity, helpers.
    expect(refusedCount).toBeGreaterThanOrEqual(12);
  });

  it('the allowed reads work for a helper as for the wearer', async () => {
    for (const url of ['/api/contacts', '/api/features']) {
      const asHelper = await t.app.inject({ method: 'GET', url, headers: { cookie: helped.cookie } });
      const asWearer = await t.app.inject({ method: 'GET', url, headers: { cookie: helped.wearer.cookie } });
      expect(asHelper.statusCode).toBe(200);
      const { checkedAt: _h, ...helperSees } = asHelper.json();
      const { checkedAt: _w, ...wearerSees } = asWearer.json();
      expect(helperSees).toEqual(wearerSees);
    }
  });

  it('the glasses’ bearer token never acts as a helper, and a helper session never reaches /device-api', async () => {
    const sync = await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: { cookie: helped.cookie } });
    expect(sync.statusCode).toBe(401);
  });
});
