import { FEATURE_DB_KEYS, FEATURES, featureByDbKey, type Feature, type FeaturesResponse } from '@seva/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../plugins/http-error.ts';
import * as store from './store.ts';

/** A level-H QR of 320 px stays easy to scan with links up to this length. */
export const LINK_MAX = 500;

/** The feature a dbKey names, or a message listing the known ones. */
export function checkFeatureKey(dbKey: string): Feature {
  const feature = featureByDbKey(dbKey);
  if (!feature) throw badRequest(`Unknown feature: ${dbKey}. Known: ${FEATURE_DB_KEYS.join(', ')}`);
  return feature;
}

/** A download link must be an absolute http or https URL: the glasses fetch it after scanning the QR. */
export function checkDownloadUrl(url: string): string {
  const refuse = () => badRequest(`Not a valid download link: ${url}. Use an http:// or https:// URL.`);
  if (url.length > LINK_MAX) throw badRequest(`The download link is ${url.length} characters long; at most ${LINK_MAX} fit a QR code that scans easily.`);
  if (/\s/.test(url)) throw refuse();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refuse();
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) throw refuse();
  return url;
}

export interface FeaturesDeps {
  db: Db;
  now?: () => Date;
}

/** SPEC §2 /updates: the eight features with their download links (SPEC's seva_applications). */
export function createFeaturesService({ db, now = () => new Date() }: FeaturesDeps) {
  return {
    async list(): Promise<FeaturesResponse> {
      const links = new Map((await store.listLinks(db)).map((row) => [row.db_key, row.download_url]));
      return {
        checkedAt: now().toISOString(),
        features: FEATURES.map((f) => ({ ...f, downloadUrl: links.get(f.dbKey) ?? null })),
      };
    },

    /** Sets (or replaces) a feature's download link; answers the feature and the link it replaced. */
    async setFeatureLink(dbKey: string, url: string): Promise<{ feature: Feature; previous: string | null }> {
      const feature = checkFeatureKey(dbKey);
      const link = checkDownloadUrl(url);
      const previous = (await store.findLink(db, dbKey))?.download_url ?? null;
      await store.upsertLink(db, dbKey, link, now().toISOString());
      return { feature, previous };
    },

    /** Removes a feature's download link; `cleared` is false when it had none. */
    async clearFeatureLink(dbKey: string): Promise<{ feature: Feature; cleared: boolean }> {
      const feature = checkFeatureKey(dbKey);
      return { feature, cleared: await store.deleteLink(db, dbKey) };
    },
  };
}

export type FeaturesService = ReturnType<typeof createFeaturesService>;
