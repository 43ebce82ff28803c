import { messages, type EmergencyContact } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { SAVED_AT } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, refusal, sent, server } from '../../testing/stand-in-server.ts';
import { SosPage } from './sos-page.tsx';

const renderPage = () => renderWithProviders(<SosPage />, { route: paths.sos }).events;

const ASHA: EmergencyContact = { name: 'Asha Rao', country_code: '+91', phone_number: '9876543210', is_primary: true, timestamp: SAVED_AT };

type Slot = 'Primary' | 'Secondary';
const field = (slot: Slot, what: 'full name' | 'phone number') => screen.getByRole('textbox', { name: `${slot} contact ${what}` });
const country = (slot: Slot) => screen.getByRole('combobox', { name: `${slot} contact country code` }) as HTMLSelectElement;
const selectedLabel = (slot: Slot) => country(slot).selectedOptions[0]?.textContent;
const save = () => screen.getByRole('button', { name: 'Save Contacts' });
const savedValues = (slot: Slot) => within(screen.getByRole('region', { name: `${slot} Contact` })).queryAllByRole('definition').map((d) => d.textContent);

describe('SosPage', () => {
  it('announces loading, then opens edit mode when nothing is saved', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading emergency contacts...');
    expect(await screen.findByRole('group', { name: 'Primary Contact Required' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Secondary Contact Optional' })).toBeInTheDocument();
    expect(selectedLabel('Primary')).toBe('India (+91)');
    expect(field('Primary', 'phone number')).toHaveAttribute('placeholder', 'Required (10 digits)');
    expect(field('Secondary', 'phone number')).toHaveAttribute('placeholder', 'Optional (10 digits)');
    expect(screen.queryByRole('button', { name: 'Edit Contacts' })).toBeNull();
  });

  it('opens read mode when contacts are saved, with Not provided for a missing secondary', async () => {
    backend.contacts = [ASHA];
    renderPage();
    expect(await screen.findByRole('button', { name: 'Edit Contacts' })).toBeInTheDocument();
    expect(savedValues('Primary')).toEqual(['Asha Rao', '+91 9876543210']);
    expect(within(screen.getByRole('region', { name: 'Secondary Contact' })).getByText('Not provided')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps the phone to digits, cut at the country maximum, and checks the count as it changes', async () => {
    const events = renderPage();
    const phone = await screen.findByRole('textbox', { name: 'Primary contact phone number' });
    await events.type(phone, '98-7');
    expect(phone).toHaveValue('987');
    expect(phone).toHaveAccessibleDescription(/Phone number must be 10 digits for India$/);
    await events.type(phone, 'x');
    expect(phone).toHaveValue('987');
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Only numbers allowed$/));
    await events.type(phone, '65432101234');
    expect(phone).toHaveValue('9876543210');
    expect(phone).not.toHaveAttribute('aria-invalid');

    await events.selectOptions(country('Primary'), 'Australia');
    expect(phone).toHaveValue('987654321');
    expect(phone).toHaveAttribute('placeholder', 'Required (9 digits)');
    await events.selectOptions(country('Primary'), 'Malaysia');
    expect(phone).toHaveAttribute('placeholder', 'Required (8, 9 or 10 digits)');
    expect(phone).toHaveAccessibleDescription('Digits only: 8, 9 or 10 digits, without the country code.');
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
  ])('refuses to save %s: %j, focusing the field concerned', async (_, typed, message, [slot, what]) => {
    const events = renderPage();
    await screen.findByRole('button', { name: 'Save Contacts' });
    for (const [s, w, text] of typed) await events.type(field(s, w), text);
    await events.click(save());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(field(slot, what)).toHaveFocus();
    expect(field(slot, what)).toHaveAttribute('aria-invalid', 'true');
    expect(sent('PUT', '/api/contacts')).toEqual([]);
  });

  it('saves both, shows read mode with the message, and can clear the secondary', async () => {
    const events = renderPage();
    await events.type(await screen.findByRole('textbox', { name: 'Primary contact full name' }), 'Asha Rao');
    await events.type(field('Primary', 'phone number'), '9876543210');
    await events.type(field('Secondary', 'full name'), 'Tom Lee');
    // 'UK' and 'United Kingdom' share +44: the chosen one stays chosen.
    await events.selectOptions(country('Secondary'), 'United Kingdom');
    expect(selectedLabel('Secondary')).toBe('United Kingdom (+44)');
    await events.type(field('Secondary', 'phone number'), '2079460958');
    await events.click(save());

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Emergency contacts saved successfully'));
    expect(savedValues('Primary')).toEqual(['Asha Rao', '+91 9876543210']);
    expect(savedValues('Secondary')).toEqual(['Tom Lee', '+44 2079460958']);
    expect(screen.getByRole('heading', { level: 2, name: 'Primary Contact' })).toHaveFocus();

    await events.click(screen.getByRole('button', { name: 'Edit Contacts' }));
    expect(field('Primary', 'full name')).toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await events.clear(field('Secondary', 'full name'));
    await events.clear(field('Secondary', 'phone number'));
    await events.click(save());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Emergency contacts saved successfully'));
    expect(savedValues('Secondary')).toEqual([]);
    expect(backend.contacts).toHaveLength(1);
  });

  it('says a save failed, stays in edit mode with what was typed, and cancel returns to the saved contacts', async () => {
    backend.contacts = [ASHA];
    server.use(http.put('*/api/contacts', () => refusal(500, messages.serverError)));
    const events = renderPage();
    await events.click(await screen.findByRole('button', { name: 'Edit Contacts' }));
    await events.clear(field('Primary', 'full name'));
    await events.type(field('Primary', 'full name'), 'Someone Else');
    await events.click(save());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save contacts. Please try again.'));
    expect(field('Primary', 'full name')).toHaveValue('Someone Else');

    await events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Contacts' })).toHaveFocus();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(savedValues('Primary')).toEqual(['Asha Rao', '+91 9876543210']);
  });

  it('opens edit mode, empty, when the contacts cannot be loaded, and says so', async () => {
    server.use(http.get('*/api/contacts', () => refusal(500, messages.serverError)));
    renderPage();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your saved contacts could not be loaded. You can enter them again below.'));
    expect(field('Primary', 'full name')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
