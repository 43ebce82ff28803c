import { APP_VERSION, downloadLinkIssue, fill, FEATURE_DB_KEYS, FEATURES, featureByDbKey, type Feature, type FeatureDbKey, type FeaturesResponse } from '@seva/shared';
import type { ChangeFeed } from '../../change-feed/change-feed.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { invalid } from '../../domain-errors.ts';
import * as store from './store.ts';

/** The feature a dbKey names, or a message listing the known ones. */
export function checkFeatureKey(dbKey: string): Feature {
  const feature = featureByDbKey(dbKey);
  if (!feature) throw invalid(fill(/*i18n*/ 'Unknown feature: {dbKey}. Known: {known}', { dbKey, known: FEATURE_DB_KEYS.join(', ') }));
  return feature;
}

/** A download link must be an absolute https URL without credentials that fits a QR code (the shared rule). */
export function checkDownloadUrl(url: string): string {
  const issue = downloadLinkIssue(url);
  if (issue) throw invalid(issue);
  return url;
}

/** Stored links as users may see them: one stored before the rule tightened (http://, credentials) is not shown. */
async function shownLinks(db: Db): Promise<Map<string, string>> {
  const rows = await store.listLinks(db);
  return new Map(rows.filter((row) => downloadLinkIssue(row.download_url) === undefined).map((row) => [row.db_key, row.download_url]));
}

/** A version the glasses report: up to four dot-separated numbers (1, 1.0, 2.10.3.4). */
const VERSION = /^\d{1,9}(\.\d{1,9}){0,3}$/;
const VERSION_MAX = 32;

/** Compares dotted versions number by number; missing parts count as 0, so 1.0 equals 1 and 1.0.0. */
function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** What the glasses report running: known features only, each with a well-formed version; the first fault is refused. */
function checkInstalledVersions(features: Record<string, string>): Array<[FeatureDbKey, string]> {
  return Object.entries(features).map(([dbKey, version]) => {
    const feature = checkFeatureKey(dbKey);
    if (version.length > VERSION_MAX || !VERSION.test(version)) {
      throw invalid(fill(/*i18n*/ 'Not a valid version for {dbKey}: use up to four numbers separated by dots, like {example}.', { dbKey, example: APP_VERSION }), `features.${dbKey}`);
    }
    return [feature.dbKey, version];
  });
}

/** A feature as the glasses' sync lists it: the current version and its download link (null: none yet). */
export interface FeatureForGlasses {
  dbKey: FeatureDbKey;
  version: string;
  download_url: string | null;
}

interface FeaturesDeps {
  db: Db;
  /** Tells the glasses' event streams that the links changed, in the change's transaction (issue #19). */
  changeFeed?: Pick<ChangeFeed, 'announce'>;
  now?: () => Date;
}

/** product §2 /updates: the eight features with their download links (SPEC's seva_applications). */
export function createFeaturesService({ db, changeFeed, now = () => new Date() }: FeaturesDeps) {
  /** A change to the links every pair of glasses reads: their change number moves on, and the streams hear of it. */
  const changeLinks = <T>(change: (trx: Executor) => Promise<T>, changed: (result: T) => boolean = () => true) =>
    db.transaction().execute(async (trx) => {
      const result = await change(trx);
      if (changed(result)) {
        const seq = await store.nextLinksSeq(trx);
        await changeFeed?.announce(trx, { kind: 'features', seq });
      }
      return result;
    });

  return {
    /** The feature links' newest change number (what a sync cursor made now holds). */
    changeSeq: () => store.linksSeq(db),

    /** The eight features with their links and, for this user, the newest version their paired glasses run. */
    async list(user: SignedInUser): Promise<FeaturesResponse> {
      const [links, installedRows] = await Promise.all([shownLinks(db), store.listInstalledVersions(db, user.uid)]);
      const installed = new Map<string, string>();
      for (const { db_key: dbKey, version } of installedRows) {
        const known = installed.get(dbKey);
        if (known === undefined || compareVersions(version, known) > 0) installed.set(dbKey, version);
      }
      return {
        checkedAt: now().toISOString(),
        features: FEATURES.map((f) => {
          const installedVersion = installed.get(f.dbKey) ?? null;
          const upToDate = installedVersion !== null && compareVersions(installedVersion, APP_VERSION) >= 0;
          return { ...f, downloadUrl: links.get(f.dbKey) ?? null, installedVersion, upToDate };
        }),
      };
    },

    /** The eight features as the glasses' sync gives them. */
    async forGlasses(): Promise<FeatureForGlasses[]> {
      const links = await shownLinks(db);
      return FEATURES.map((f) => ({ dbKey: f.dbKey, version: APP_VERSION, download_url: links.get(f.dbKey) ?? null }));
    },

    /** Replaces what one pair of glasses runs; refuses the whole report, storing nothing, at its first fault. */
    async setInstalled(device: { id: string; userId: string }, features: Record<string, string>): Promise<Record<string, string>> {
      const versions = checkInstalledVersions(features);
      await db.transaction().execute((trx) => store.replaceInstalled(trx, device, versions, now().toISOString()));
      return Object.fromEntries(versions);
    },

    /** Sets (or replaces) a feature's download link; answers the feature and the link it replaced. */
    async setFeatureLink(dbKey: string, url: string): Promise<{ feature: Feature; previous: string | null }> {
      const feature = checkFeatureKey(dbKey);
      const link = checkDownloadUrl(url);
      const previous = (await store.findLink(db, dbKey))?.download_url ?? null;
      await changeLinks((trx) => store.upsertLink(trx, dbKey, link, now().toISOString()));
      return { feature, previous };
    },

    /** Removes a feature's download link; `cleared` is false when it had none. */
    async clearFeatureLink(dbKey: string): Promise<{ feature: Feature; cleared: boolean }> {
      const feature = checkFeatureKey(dbKey);
      return { feature, cleared: await changeLinks((trx) => store.deleteLink(trx, dbKey), (cleared) => cleared) };
    },
  };
}

export type FeaturesService = ReturnType<typeof createFeaturesService>;
