import { messages, type EmergencyContact } from '@seva/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { focusedResultIn } from '../../testing/action-result.ts';
import { aHelperSession, aUser, SAVED_AT } from '../../testing/fixtures.ts';
import { errorSummary, queryErrorSummary } from '../../testing/error-summary.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, refusal, sent, server } from '../../testing/stand-in-server.ts';
import { DRAFT_RESTORED, SosPage } from './sos-page.tsx';

const renderPage = () => renderWithProviders(<SosPage />, { route: paths.sos }).events;

const ASHA: EmergencyContact = { name: 'Asha Rao', country_code: '+91', phone_number: '9876543210', is_primary: true, timestamp: SAVED_AT };

type Slot = 'Primary' | 'Secondary';
const field = (slot: Slot, what: 'full name' | 'phone number') => screen.getByRole('textbox', { name: `${slot} contact ${what}` });
const country = (slot: Slot) => screen.getByRole('combobox', { name: `${slot} contact country code` }) as HTMLSelectElement;
const selectedLabel = (slot: Slot) => country(slot).selectedOptions[0]?.textContent;
const save = () => screen.getByRole('button', { name: 'Save Contacts' });
const savedValues = (slot: Slot) => within(screen.getByRole('region', { name: `${slot} Contact` })).queryAllByRole('definition').map((d) => d.textContent);
const savedPhoneLink = (slot: Slot) => within(screen.getByRole('region', { name: `${slot} Contact` })).getByRole('link');
const UK_USER = () => aUser({ uid: 'u-uk', phone: '+447700900111' });
const SAVED = 'Emergency contacts saved successfully';
const savedResult = () => screen.queryByRole('heading', { name: SAVED });

describe('SosPage', () => {
  it('announces loading, then opens edit mode when nothing is saved, in the country of the user’s own phone', async () => {
    backend.user = UK_USER();
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading emergency contacts...');
    expect(await screen.findByRole('group', { name: 'Primary Contact Required' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Secondary Contact Optional' })).toBeInTheDocument();
    expect(selectedLabel('Primary')).toBe('United Kingdom (+44)');
    expect(selectedLabel('Secondary')).toBe('United Kingdom (+44)');
    expect(field('Primary', 'phone number')).toHaveAttribute('placeholder', 'Required (10 digits)');
    expect(field('Secondary', 'phone number')).toHaveAttribute('placeholder', 'Optional (10 digits)');
    expect(screen.queryByRole('button', { name: 'Edit Contacts' })).toBeNull();
    expect(screen.getByText(/Your paired SEVA glasses keep a copy of these contacts/)).toBeInTheDocument();
  });

  it('starts in India, SPEC’s default, when the user’s own phone has no listed country', async () => {
    backend.user = aUser({ phone: '' });
    renderPage();
    await screen.findByRole('group', { name: 'Primary Contact Required' });
    expect(selectedLabel('Primary')).toBe('India (+91)');
  });

  it("starts a helper's blank contacts in the wearer's country, which the session tells a helper without the phone", async () => {
    backend.user = UK_USER();
    backend.wearers = [backend.user];
    backend.helper = aHelperSession(backend.wearers);
    renderPage();
    await screen.findByRole('group', { name: 'Primary Contact Required' });
    expect(selectedLabel('Primary')).toBe('United Kingdom (+44)');
  });

  it('lists each country once, United Kingdom among them', async () => {
    renderPage();
    await screen.findByRole('group', { name: 'Primary Contact Required' });
    const labels = [...country('Primary').options].map((o) => o.textContent);
    expect(labels).toContain('United Kingdom (+44)');
    expect(labels).not.toContain('UK (+44)');
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('opens read mode when contacts are saved, with Not provided for a missing secondary', async () => {
    backend.contacts = [ASHA];
    renderPage();
    expect(await screen.findByRole('button', { name: 'Edit Contacts' })).toBeInTheDocument();
    expect(savedValues('Primary')).toEqual(['Asha Rao', '+91 98765 43210']);
    expect(savedPhoneLink('Primary')).toHaveAttribute('href', 'tel:+919876543210');
    expect(within(screen.getByRole('region', { name: 'Secondary Contact' })).getByText('Not provided')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('takes the number as written, keeps every digit, and says how it will be saved', async () => {
    backend.user = UK_USER();
    const events = renderPage();
    const phone = await screen.findByRole('textbox', { name: 'Primary contact phone number' });
    expect(phone).toHaveAccessibleDescription('10 digits after +44. You can type spaces or dashes, or paste the number with +44.');
    await events.type(phone, '07700 900123');
    expect(phone).toHaveValue('07700 900123');
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(phone).toHaveAccessibleDescription(/Will be saved as \+44 7700 900123\.$/);

    // One digit too many is kept and named, never cut off.
    await events.type(phone, '4');
    expect(phone).toHaveValue('07700 9001234');
    expect(phone).toHaveAccessibleDescription(/Phone number must be 10 digits for United Kingdom$/);
    expect(phone).not.toHaveAccessibleDescription(/Will be saved/);
    await events.type(phone, '{Backspace}x');
    expect(phone).toHaveValue('07700 900123x');
    expect(phone).toHaveAccessibleDescription(/Only numbers allowed$/);

    // Pasted in international form.
    await events.clear(phone);
    await events.click(phone);
    await events.paste('+44 (0)7700-900-123');
    expect(phone).toHaveValue('+44 (0)7700-900-123');
    expect(phone).toHaveAccessibleDescription(/Will be saved as \+44 7700 900123\.$/);

    // Another country's number under United Kingdom says which code it has; choosing that country fixes it.
    await events.clear(phone);
    await events.paste('+91 98765 43210');
    expect(phone).toHaveAccessibleDescription(/This number starts with \+91, the code for India\. Choose India \(\+91\) as the country code, or enter a number for United Kingdom\.$/);
    await events.selectOptions(country('Primary'), '+91');
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(phone).toHaveAccessibleDescription(/Will be saved as \+91 98765 43210\.$/);

    await events.selectOptions(country('Primary'), '+60');
    expect(phone).toHaveAttribute('placeholder', 'Required (8, 9 or 10 digits)');
    await events.clear(phone);
    await events.type(phone, '9876543');
    expect(phone).toHaveAccessibleDescription(/Phone number must be 8, 9 or 10 digits for Malaysia$/);
  });

  it.each<[string, Array<[Slot, 'full name' | 'phone number', string]>, string, [Slot, 'full name' | 'phone number']]>([
    ['nothing', [], 'Primary emergency contact is required', ['Primary', 'full name']],
    ['a primary name only', [['Primary', 'full name', 'Asha Rao']], 'Primary emergency contact is required', ['Primary', 'phone number']],
    ['a short phone without a name (the blank primary comes first)', [['Primary', 'phone number', '98765']], 'Primary emergency contact is required', ['Primary', 'full name']],
    [
      'a primary with a short phone',
      [
        ['Primary', 'full name', 'Asha Rao'],
        ['Primary', 'phone number', '98765'],
      ],
      'Please fix phone number validation errors',
      ['Primary', 'phone number'],
    ],
    [
      'a secondary with only a name',
      [
        ['Primary', 'full name', 'Asha Rao'],
        ['Primary', 'phone number', '9876543210'],
        ['Secondary', 'full name', 'Tom Lee'],
      ],
      'Please complete or clear secondary contact information',
      ['Secondary', 'phone number'],
    ],
    [
      'a secondary with only a phone',
      [
        ['Primary', 'full name', 'Asha Rao'],
        ['Primary', 'phone number', '9876543210'],
        ['Secondary', 'phone number', '9123456789'],
      ],
      'Please complete or clear secondary contact information',
      ['Secondary', 'full name'],
    ],
    [
      'a secondary with a short phone',
      [
        ['Primary', 'full name', 'Asha Rao'],
        ['Primary', 'phone number', '9876543210'],
        ['Secondary', 'phone number', '91'],
      ],
      'Please fix phone number validation errors',
      ['Secondary', 'phone number'],
    ],
  ])('refuses to save %s: %j, in an error summary that leads to the field concerned', async (_, typed, message, [slot, what]) => {
    const events = renderPage();
    await screen.findByRole('button', { name: 'Save Contacts' });
    for (const [s, w, text] of typed) await events.type(field(s, w), text);
    await events.click(save());
    await waitFor(() => expect(errorSummary()).toHaveFocus());
    expect(errorSummary()).toHaveTextContent(message);
    // Said once, in the summary: not again in the screen's alert.
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(field(slot, what)).toHaveAttribute('aria-invalid', 'true');
    await events.click(within(errorSummary()).getAllByRole('link')[0]!);
    expect(field(slot, what)).toHaveFocus();
    expect(sent('PUT', '/api/contacts')).toEqual([]);
  });

  it('saves both, shows read mode with the message, and can clear the secondary', async () => {
    const events = renderPage();
    await events.type(await screen.findByRole('textbox', { name: 'Primary contact full name' }), 'Asha Rao');
    await events.selectOptions(country('Primary'), '+91');
    await events.type(field('Primary', 'phone number'), '9876543210');
    await events.type(field('Secondary', 'full name'), 'Tom Lee');
    await events.selectOptions(country('Secondary'), '+44');
    expect(selectedLabel('Secondary')).toBe('United Kingdom (+44)');
    await events.type(field('Secondary', 'phone number'), '020 7946 0958');
    await events.click(save());

    await focusedResultIn(document.body, SAVED);
    // Sent as typed; the server reads it by the same shared rules and stores the national number.
    expect(sent('PUT', '/api/contacts')).toMatchObject([{ secondary: { countryCode: '+44', phoneNumber: '020 7946 0958' } }]);
    expect(savedValues('Primary')).toEqual(['Asha Rao', '+91 98765 43210']);
    expect(savedValues('Secondary')).toEqual(['Tom Lee', '+44 20 7946 0958']);
    expect(savedPhoneLink('Secondary')).toHaveAttribute('href', 'tel:+442079460958');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await events.click(screen.getByRole('button', { name: 'Edit Contacts' }));
    expect(field('Primary', 'full name')).toHaveFocus();
    expect(savedResult()).toBeNull();
    // A saved United Kingdom number reopens as United Kingdom, grouped as its read view shows it.
    expect(selectedLabel('Secondary')).toBe('United Kingdom (+44)');
    expect(field('Secondary', 'phone number')).toHaveValue('20 7946 0958');
    await events.clear(field('Secondary', 'full name'));
    await events.clear(field('Secondary', 'phone number'));
    await events.click(save());
    await focusedResultIn(document.body, SAVED);
    expect(savedValues('Secondary')).toEqual([]);
    expect(backend.contacts).toHaveLength(1);
  });

  describe('what saving did (D-077)', () => {
    afterEach(() => vi.useRealTimers());

    it('is said above the saved contacts, where the form was, takes focus, stays past 3 seconds, and goes at Edit Contacts', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const events = renderPage();
      await events.type(await screen.findByRole('textbox', { name: 'Primary contact full name' }), 'Asha Rao');
      await events.type(field('Primary', 'phone number'), '9876543210');
      await events.click(save());

      const result = await focusedResultIn(document.body, SAVED);
      expect(result.compareDocumentPosition(screen.getByRole('region', { name: 'Primary Contact' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.getByRole('status')).toBeEmptyDOMElement();

      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(result).toBeInTheDocument();
      expect(result).toHaveFocus();

      await events.click(screen.getByRole('button', { name: 'Edit Contacts' }));
      expect(savedResult()).toBeNull();
    });
  });

  it('says a save failed, stays in edit mode with what was typed, and cancel returns to the saved contacts', async () => {
    backend.contacts = [ASHA];
    server.use(http.put('*/api/contacts', () => refusal(500, messages.serverError)));
    const events = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Edit Contacts' }));
    await events.clear(field('Primary', 'full name'));
    await events.type(field('Primary', 'full name'), 'Someone Else');
    await events.click(save());
    await waitFor(() => expect(errorSummary()).toHaveFocus());
    expect(errorSummary()).toHaveTextContent('Failed to save contacts. Please try again.');
    expect(field('Primary', 'full name')).toHaveValue('Someone Else');

    await events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Contacts' })).toHaveFocus();
    expect(queryErrorSummary()).toBeNull();
    expect(savedValues('Primary')).toEqual(['Asha Rao', '+91 98765 43210']);
  });

  it('clears a refusal as soon as what it was about is fixed', async () => {
    const events = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Save Contacts' }));
    await waitFor(() => expect(errorSummary()).toHaveTextContent('Primary emergency contact is required'));
    await events.type(field('Primary', 'full name'), 'Asha Rao');
    expect(errorSummary()).toHaveTextContent('Primary emergency contact is required');
    await events.type(field('Primary', 'phone number'), '202 555 0123');
    expect(queryErrorSummary()).toBeNull();
    expect(field('Primary', 'full name')).not.toHaveAttribute('aria-invalid');
    expect(field('Primary', 'phone number')).not.toHaveAttribute('aria-invalid');
  });

  it('keeps what was typed when the session has ended, and opens it again for the same user only', async () => {
    server.use(http.put('*/api/contacts', () => refusal(401, messages.signInRequired)));
    const events = renderPage();
    await events.type(await screen.findByRole('textbox', { name: 'Primary contact full name' }), 'Asha Rao');
    await events.type(field('Primary', 'phone number'), '(202) 555-0123');
    await events.click(save());
    await waitFor(() => expect(sessionStorage.length).toBe(1));
    expect(field('Primary', 'full name')).toHaveValue('Asha Rao');
  });

  it('opens kept contacts in edit mode after signing in again, and saving forgets them', async () => {
    backend.contacts = [ASHA];
    const kept = { primary: { name: 'Asha Rao', countryCode: '+91', phoneNumber: '98765 43211' }, secondary: { name: '', countryCode: '+1', phoneNumber: '' } };
    sessionStorage.setItem('seva:draft:/sos', JSON.stringify({ uid: 'u1', value: kept }));
    const events = renderPage();
    expect(await screen.findByRole('textbox', { name: 'Primary contact phone number' })).toHaveValue('98765 43211');
    expect(screen.getByRole('status')).toHaveTextContent(DRAFT_RESTORED);
    await events.click(save());
    await focusedResultIn(document.body, SAVED);
    expect(savedValues('Primary')).toEqual(['Asha Rao', '+91 98765 43211']);
    expect(sessionStorage.getItem('seva:draft:/sos')).toBeNull();
  });

  it('never opens contacts another user kept on this tab', async () => {
    sessionStorage.setItem('seva:draft:/sos', JSON.stringify({ uid: 'someone-else', value: { primary: { name: 'Not yours', countryCode: '+91', phoneNumber: '9876543210' } } }));
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Primary contact full name' })).toHaveValue('');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(sessionStorage.getItem('seva:draft:/sos')).toBeNull();
  });

  it('opens edit mode, empty, when the contacts cannot be loaded, and says so', async () => {
    server.use(http.get('*/api/contacts', () => refusal(500, messages.serverError)));
    renderPage();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your saved contacts could not be loaded. You can enter them again below.'));
    expect(field('Primary', 'full name')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
