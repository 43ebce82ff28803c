import type { FeatureDbKey } from '@seva/shared';

/**
 * SPEC §2: features already installed on the glasses show 'Up to date'. The portal has no way to learn this yet,
 * so the list is empty; the card keeps the branch for when it does.
 */
export const INSTALLED_FEATURES: ReadonlySet<FeatureDbKey> = new Set<FeatureDbKey>();
