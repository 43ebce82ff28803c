import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

describe.each(engines)('/api/features on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ cookie } = await signedInUser(t));
  });
  afterAll(async () => t.close());

  const features = () => t.services.features;
  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/features', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as { checkedAt: string; features: Array<{ dbKey: string; name: string; downloadUrl: string | null }> };
  };
  const linkOf = async (dbKey: string) => (await list()).features.find((f) => f.dbKey === dbKey)?.downloadUrl;

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/features' });
    expect(res.statusCode).toBe(401);
  });

  it('lists the eight features, none with a link yet, and when it checked', async () => {
    const before = Date.now();
    const body = await list();
    expect(body.features.map((f) => f.name)).toEqual([
      'Describe Scene',
      'Navigate',
      'Find Object',
      'Recognise Face',
      'Read For Me',
      'Talk To Me',
      'Play Music',
      'Magnify',
    ]);
    expect(body.features.every((f) => f.downloadUrl === null)).toBe(true);
    expect(body.features[0]).toMatchObject({ id: 1, dbKey: 'describe_scene', description: 'AI-powered scene description', colour: expect.stringMatching(/^#/) });
    expect(Date.parse(body.checkedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('shows a link once set, the new one once replaced, and none once cleared', async () => {
    await features().setFeatureLink('read_for_me', 'https://downloads.example.com/read-for-me-1.0.apk');
    expect(await linkOf('read_for_me')).toBe('https://downloads.example.com/read-for-me-1.0.apk');
    expect(await linkOf('magnify')).toBeNull();

    const replaced = await features().setFeatureLink('read_for_me', 'https://10.0.0.5/read-for-me-1.1.apk');
    expect(replaced.previous).toBe('https://downloads.example.com/read-for-me-1.0.apk');
    expect(await linkOf('read_for_me')).toBe('https://10.0.0.5/read-for-me-1.1.apk');

    expect((await features().clearFeatureLink('read_for_me')).cleared).toBe(true);
    expect(await linkOf('read_for_me')).toBeNull();
    expect((await features().clearFeatureLink('read_for_me')).cleared).toBe(false);
  });

  it('refuses an unknown feature or a link that is not https, and changes nothing', async () => {
    await expect(features().setFeatureLink('teleport', 'https://example.com/x.apk')).rejects.toThrow(
      'Unknown feature: teleport. Known: describe_scene, navigate, find_object, recognise_face, read_for_me, talk_to_me, play_music, magnify',
    );
    for (const url of ['http://example.com/x.apk', 'ftp://example.com/x.apk', 'javascript:alert(1)', 'example.com/x.apk', 'https://exa mple.com/x', '']) {
      await expect(features().setFeatureLink('navigate', url)).rejects.toThrow(`Not a valid download link: ${url}. Use an https:// URL.`);
    }
    for (const url of ['https://admin:hunter2@example.com/x.apk', 'https://token@example.com/x.apk']) {
      await expect(features().setFeatureLink('navigate', url)).rejects.toThrow('A download link must not hold a user name or password');
    }
    const long = `https://example.com/${'a'.repeat(481)}`;
    await expect(features().setFeatureLink('navigate', long)).rejects.toThrow('The download link is 501 characters long; at most 500 fit a QR code that scans easily.');
    await expect(features().clearFeatureLink('teleport')).rejects.toThrow('Unknown feature: teleport.');
    expect((await list()).features.every((f) => f.downloadUrl === null)).toBe(true);
  });

  it('never shows users a link stored before links had to be https without credentials', async () => {
    const db = t.infrastructure.database.db;
    await db.insertInto('seva_applications').values({ db_key: 'magnify', download_url: 'http://admin:hunter2@10.0.0.5/magnify.apk', updated_at: new Date().toISOString() }).execute();
    expect(await linkOf('magnify')).toBeNull();
    expect((await features().forGlasses()).find((f) => f.dbKey === 'magnify')?.download_url).toBeNull();
    await db.deleteFrom('seva_applications').execute();
  });
});
