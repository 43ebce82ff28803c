import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { passwordChangedMessage } from './account.ts';
import { contactPhoneLengthMessage, messages } from './messages.ts';
import { localise, longDate } from './localise.ts';

function translator(locale: string, messages: Record<string, string>) {
  const i18n = setupI18n({ locale, messages: { [locale]: Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)])) } });
  return i18n;
}

const hindi = translator('hi', {
  'License ID required': 'लाइसेंस आईडी आवश्यक है',
  'Phone number must be {digits} digits for {country}': '{country} के लिए फ़ोन नंबर {digits} अंकों का होना चाहिए',
  '{digits} digits': '{digits} अंक',
  'Maximum {n} characters': 'अधिकतम {n} अक्षर',
  'Your password has been changed.': 'आपका पासवर्ड बदल दिया गया है।',
  '{count} other browsers signed out.': '{count} अन्य ब्राउज़र साइन आउट किए गए।',
  'This license ID belongs to an account that was closed on {closedDate}. It can be restored until {untilDate}.':
    'यह लाइसेंस आईडी एक ऐसे खाते की है जो {closedDate} को बंद किया गया था। उसे {untilDate} तक वापस लाया जा सकता है।',
});

describe('localise', () => {
  it('says a rule’s English message in the catalog’s language', () => {
    expect(localise(hindi, messages.licenseIdRequired)).toBe('लाइसेंस आईडी आवश्यक है');
    expect(localise(hindi, messages.maximumLength(50))).toBe('अधिकतम 50 अक्षर');
  });
  it('finds a message with values by its template, and says the country and the alternatives in the language too', () => {
    expect(localise(hindi, contactPhoneLengthMessage([8, 9, 10], 'India'))).toBe('भारत के लिए फ़ोन नंबर 8, 9 या 10 अंकों का होना चाहिए');
  });
  it('writes the days of a message in the language, whatever the time of day in UTC', () => {
    const english = messages.licenseIdOfClosedAccount(longDate('2026-11-28T00:10:00Z'), longDate('2026-12-12T23:50:00Z'));
    expect(english).toBe('This license ID belongs to an account that was closed on 28 November 2026. It can be restored until 12 December 2026.');
    expect(localise(hindi, english)).toBe('यह लाइसेंस आईडी एक ऐसे खाते की है जो 28 नवंबर 2026 को बंद किया गया था। उसे 12 दिसंबर 2026 तक वापस लाया जा सकता है।');
  });
  it('says a message made of several sentences sentence by sentence', () => {
    expect(localise(hindi, passwordChangedMessage(2, 0))).toBe('आपका पासवर्ड बदल दिया गया है। 2 अन्य ब्राउज़र साइन आउट किए गए।');
    expect(localise(hindi, passwordChangedMessage(2, 1))).toBe(passwordChangedMessage(2, 1));
  });
  it('leaves English, and a message no catalog holds, as written', () => {
    expect(localise(translator('en-GB', {}), contactPhoneLengthMessage([10], 'USA'))).toBe('Phone number must be 10 digits for USA');
    expect(localise(hindi, 'A message nobody translated.')).toBe('A message nobody translated.');
  });
});
