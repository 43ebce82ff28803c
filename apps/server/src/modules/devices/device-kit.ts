import type { ChangeFeed } from '../../change-feed/change-feed.ts';
import type { Config } from '../../config.ts';
import { type Db } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PairingOutcome, PortalMetrics } from '../../metrics/portal-metrics.ts';
import type { RecordActivity } from '../activity/service.ts';
import type { AttemptLimits } from '../attempt-limits/service.ts';
import type { ContactsService } from '../contacts/service.ts';
import type { FacesService } from '../faces/service.ts';
import type { FeaturesService } from '../features/service.ts';

export interface DevicesDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  faces: Pick<FacesService, 'changesSince' | 'changeSeq'>;
  contacts: Pick<ContactsService, 'list'>;
  features: Pick<FeaturesService, 'forGlasses' | 'setInstalled' | 'changeSeq'>;
  /** Tells the glasses' event streams of unpairing and of the account's deletion, in its transaction (issue #19). */
  changeFeed?: Pick<ChangeFeed, 'announce'>;
  /** The attempt limits the glasses' pairing declares: codes typed on /pair and the two OAuth endpoints. */
  limits: Pick<AttemptLimits, 'action'>;
  /** Identity's password check before 'Allow': a wrong one counts as a failed sign-in and is refused on the field. */
  confirmPassword: (userId: string, password: string, caller: { ip: string; userAgent: string | null }) => Promise<void>;
  /** Notes glasses paired and unpaired in the account's activity (issue #12). */
  activity?: RecordActivity;
  /** Pairing flows by the step they reached, for the operators' metrics. */
  metrics?: Pick<PortalMetrics, 'pairingFlows'>;
  now?: () => Date;
}

/** What every part of the devices service works with: the deps, the clock, the pairing metrics. */
export function createDeviceKit(deps: DevicesDeps) {
  const now = deps.now ?? (() => new Date());
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const flow = (outcome: PairingOutcome) => deps.metrics?.pairingFlows.inc({ outcome });
  // Only wrong pairing codes count: a code that names waiting glasses is forgiven.
  const limits = { pair: deps.limits.action('pair'), deviceAuthorization: deps.limits.action('deviceAuthorization'), oauthToken: deps.limits.action('oauthToken') };
  return { deps, db: deps.db, config: deps.config, now, iso, flow, limits };
}

export type DeviceKit = ReturnType<typeof createDeviceKit>;
