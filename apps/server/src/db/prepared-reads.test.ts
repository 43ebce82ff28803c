import { describe, expect, it } from 'vitest';
import { createTestApp, engines } from '../testing/test-app.ts';

describe.each(engines)('prepared reads on %s', (engine) => {
  it('answer the first row by column name, nothing when no row matches, and only what was committed', async () => {
    const t = await createTestApp(engine);
    try {
      const { db, reads } = t.infrastructure.database;
      const application = reads.firstRow<{ db_key: string; download_url: string }>(
        db.selectFrom('seva_applications').select(['db_key', 'download_url']).where('db_key', '=', '$key').compile(),
      );
      const row = { db_key: 'maps', download_url: 'https://example.com/maps.apk', updated_at: new Date().toISOString() };

      expect(await application(['maps'])).toBeUndefined();
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('seva_applications').values(row).execute();
        expect(await application(['maps'])).toBeUndefined();
      });
      expect(await application(['maps'])).toEqual({ db_key: 'maps', download_url: 'https://example.com/maps.apk' });

      await db.deleteFrom('seva_applications').where('db_key', '=', 'maps').execute();
      expect(await application(['maps'])).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
