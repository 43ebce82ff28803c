import { accountMessages, deviceMessages, FEATURES, helperMessages, localise, onlyWearerCan } from '@seva/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nFor, loadServerCatalogs } from './catalogs.ts';

describe("the server's translator", () => {
  beforeAll(() => loadServerCatalogs());

  it('says the messages of every shared catalog the web splits for its pages, in Hindi', () => {
    const hindi = i18nFor('hi');
    expect(localise(hindi, onlyWearerCan('Robin'))).toBe('यह केवल Robin कर सकते हैं।');
    expect(localise(hindi, accountMessages.accountDeleted)).toBe('आपका खाता हटा दिया गया है।');
    expect(localise(hindi, accountMessages.signOut)).toBe('साइन आउट करें');
    expect(localise(hindi, helperMessages.notYourWearer)).toBe('आप इस व्यक्ति की सहायता नहीं करते।');
    expect(localise(hindi, deviceMessages.pairingCodeRequired)).toBe('कृपया वह पेयरिंग कोड दर्ज करें जो चश्मा बोल रहा है।');
    expect(localise(hindi, FEATURES[0]!.name)).toBe('दृश्य का वर्णन');
  });
});
