import { i18n } from '@lingui/core';
import { DEFAULT_GLASSES_SCOPES, deviceMessages, messages, scopeWords } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { aHelperSession, aPairing, aUser } from '../../testing/fixtures.ts';
import { errorSummary, summaryLinks } from '../../testing/error-summary.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, refusal, sent, server, STAND_IN_PASSWORD } from '../../testing/stand-in-server.ts';
import { PairPage } from './pair-page.tsx';
import { tooManyCodes } from './pairing-refusal.ts';

const heading = () => screen.getByRole('heading', { level: 1, name: 'Pair your glasses' });
const codeField = () => screen.getByRole('textbox', { name: 'Pairing code' });
const status = () => screen.getByRole('status');
const alert = () => screen.getByRole('alert');
const passwordField = () => screen.getByLabelText(deviceMessages.passwordLabel, { selector: 'input' });

function renderPair(search = '') {
  return renderWithProviders(<PairPage />, { route: paths.pair, search });
}

describe('PairPage', () => {
  it('checks a code typed in lower case with a space and no dash, shows the glasses and what they will read, and pairs them', async () => {
    backend.pairings = [aPairing('KXRT-7M4P', 'Kitchen glasses')];
    const { events } = renderPair();
    expect(codeField()).toHaveValue('');
    await events.type(codeField(), 'kxrt 7m4p{Enter}');

    const request = await screen.findByRole('region', { name: 'Glasses waiting to pair' });
    // The shared schema normalised what was typed before it was sent.
    expect(sent('POST', '/api/devices/pairing/check')).toEqual([{ code: 'KXRT7M4P' }]);
    expect(status()).toHaveTextContent('Code KXRT-7M4P checked. Glasses waiting to pair: Kitchen glasses.');
    await waitFor(() => expect(heading()).toHaveFocus());
    expect(within(request).getByText('Kitchen glasses', { selector: 'dd' })).toBeInTheDocument();
    expect(within(request).getByText('KXRT-7M4P', { selector: 'dd' })).toBeInTheDocument();
    // The account they will join, as the glasses will say it: a username alone could be anyone's.
    expect(within(request).getByText('Account they will join', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^Robin, r••••@example\.com$/);
    // The list follows its introduction, which a screen reader hears once: the list is not named after it as well.
    const grants = within(request).getByText('If you allow them, these glasses will be able to read or do exactly this, and nothing more:').nextElementSibling as HTMLElement;
    expect(grants).toHaveRole('list');
    expect(grants).not.toHaveAccessibleName();
    expect(within(grants).getAllByRole('listitem').map((item) => item.textContent)).toEqual(scopeWords(DEFAULT_GLASSES_SCOPES));
    expect(within(request).getByText('10 minutes left', { selector: 'dd' })).toBeInTheDocument();
    expect(within(request).getByText(/\(less than a minute ago\)$/, { selector: 'dd' })).toBeInTheDocument();
    // The network in words; its address range only behind 'Details'.
    const network = within(request).getByText('Network', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(network).toHaveTextContent(/^Same network as you\.DetailsThe request came from the address range 203\.0\.113\.0\/24\.$/);
    expect(within(network).getByText('The request came from the address range 203.0.113.0/24.')).not.toBeVisible();
    expect(within(request).queryByText(deviceMessages.codeFromLink)).not.toBeInTheDocument();

    await events.type(passwordField(), STAND_IN_PASSWORD);
    await events.click(within(request).getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText(deviceMessages.paired, { selector: '[role="status"]' })).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Allow' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Kitchen glasses can now reach your SEVA account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', paths.profile);
    expect(sent('POST', '/api/devices/pairing/allow')).toEqual([{ code: 'KXRT-7M4P', password: STAND_IN_PASSWORD }]);
    expect(backend.devices.map((d) => d.name)).toEqual(['Kitchen glasses']);

    await events.click(screen.getByRole('button', { name: 'Pair other glasses' }));
    expect(codeField()).toHaveValue('');
    expect(status()).toBeEmptyDOMElement();
  });

  it('prefills the code from a link (?code=), asks the user to check it, and warns that it came inside a link', async () => {
    backend.pairings = [aPairing('KXRT-7M4P', 'Unnamed glasses')];
    const { events } = renderPair('?code=KXRT-7M4P');
    expect(codeField()).toHaveValue('KXRT-7M4P');
    expect(codeField()).toHaveAccessibleDescription(/Check that it is the code your glasses say\.$/);
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    const request = await screen.findByRole('region', { name: 'Glasses waiting to pair' });
    expect(request).toHaveTextContent('Unnamed glasses');
    expect(within(request).getByText(deviceMessages.codeFromLink)).toBeInTheDocument();
  });

  it('says when the request came from another network, how long ago, and how long is left', async () => {
    const requestedAt = new Date(Date.now() - 4 * 60_000 - 5_000).toISOString();
    const expiresAt = new Date(Date.now() + 5 * 60_000 + 30_000).toISOString();
    backend.pairings = [aPairing('KXRT-7M4P', 'Kitchen glasses', { requestedAt, expiresAt, network: { from: '198.51.100.0/24', sameAsYours: false } })];
    const { events } = renderPair();
    await events.type(codeField(), 'KXRT-7M4P{Enter}');
    const request = await screen.findByRole('region', { name: 'Glasses waiting to pair' });
    expect(within(request).getByText('A different network from yours.', { selector: 'strong' })).toBeInTheDocument();
    expect(within(request).getByText(/\(4 minutes ago\)$/, { selector: 'dd' })).toBeInTheDocument();
    expect(within(request).getByText('6 minutes left', { selector: 'dd' })).toBeInTheDocument();
  });

  it("refuses 'Allow' with a wrong password on the field, and pairs nothing", async () => {
    backend.pairings = [aPairing('KXRT-7M4P', 'Kitchen glasses')];
    const { events } = renderPair();
    await events.type(codeField(), 'KXRT-7M4P{Enter}');
    await screen.findByRole('region', { name: 'Glasses waiting to pair' });
    await events.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(expect.stringContaining(messages.passwordRequired)));
    expect(sent('POST', '/api/devices/pairing/allow')).toEqual([]);

    await events.type(passwordField(), 'not-my-password');
    await events.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(expect.stringContaining(messages.invalidPassword)));
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(errorSummary()).toHaveFocus());
    expect(errorSummary()).toHaveTextContent(`There is a problem${messages.invalidPassword}`);
    expect(alert()).toBeEmptyDOMElement();
    // The code's check is not said again once 'Allow' was tried: the refusal is the summary's alone.
    expect(status()).toBeEmptyDOMElement();
    expect(backend.devices).toEqual([]);
    expect(backend.pairings[0]!.status).toBe('pending');
  });

  it("'Deny' refuses the pairing and says so", async () => {
    backend.pairings = [aPairing('KXRT-7M4P', 'Kitchen glasses')];
    const { events } = renderPair('?code=kxrt-7m4p');
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    await events.click(await screen.findByRole('button', { name: 'Deny' }));
    expect(await screen.findByText(deviceMessages.denied, { selector: '[role="status"]' })).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveFocus());
    expect(backend.pairings[0]!.status).toBe('denied');
    expect(backend.devices).toEqual([]);
  });

  it('refuses a malformed code before asking the server', async () => {
    const { events } = renderPair();
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(errorSummary()).toHaveFocus());
    expect(summaryLinks()).toEqual([deviceMessages.pairingCodeRequired]);
    // Nothing busy was said: the code never left the page.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await events.type(codeField(), 'KXRT-7M4');
    await events.keyboard('{Enter}');
    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(expect.stringContaining(deviceMessages.pairingCodeMalformed)));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(sent('POST', '/api/devices/pairing/check')).toEqual([]);
  });

  it('says why a code no glasses wait for, a used code and an expired code cannot be paired, on the field and once in the summary', async () => {
    backend.pairings = [aPairing('BCDF-GHJK', 'Old glasses', { status: 'denied' }), aPairing('MNPQ-RSTV', 'Late glasses', { expiresAt: '2020-01-01T00:00:00.000Z' })];
    const { events } = renderPair();
    const tryCode = async (code: string, message: string) => {
      await events.clear(codeField());
      await events.type(codeField(), `${code}{Enter}`);
      await waitFor(() => expect(summaryLinks()).toEqual([message]));
      await waitFor(() => expect(errorSummary()).toHaveFocus());
      expect(alert()).toBeEmptyDOMElement();
      expect(codeField()).toHaveAttribute('aria-invalid', 'true');
      expect(codeField()).toHaveAccessibleDescription(expect.stringContaining(message));
    };
    await tryCode('WXZ2-3456', deviceMessages.pairingCodeUnknown);
    await tryCode('BCDF-GHJK', deviceMessages.pairingCodeUsed);
    await tryCode('MNPQ-RSTV', deviceMessages.pairingCodeExpired);
    expect(screen.queryByRole('region', { name: 'Glasses waiting to pair' })).not.toBeInTheDocument();
  });

  it('explains a rate limit without blaming the code', async () => {
    server.use(http.post('*/api/devices/pairing/check', () => refusal(429, messages.tooManyAttempts)));
    const { events } = renderPair('?code=KXRT-7M4P');
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(errorSummary()).toHaveTextContent(tooManyCodes(messages.tooManyAttempts, i18n)));
    expect(errorSummary()).toHaveTextContent(/^There is a problemToo many attempts\. Please try again later\. To keep your account safe/);
    expect(summaryLinks()).toEqual([]);
    expect(codeField()).not.toHaveAttribute('aria-invalid');
    expect(codeField()).toHaveValue('KXRT-7M4P');
  });

  it('goes back to the code, which it keeps, when the code expired before the answer', async () => {
    backend.pairings = [aPairing('KXRT-7M4P', 'Kitchen glasses')];
    const { events } = renderPair('?code=KXRT-7M4P');
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    const allow = await screen.findByRole('button', { name: 'Allow' });
    await events.type(passwordField(), STAND_IN_PASSWORD);
    backend.pairings[0]!.expiresAt = '2020-01-01T00:00:00.000Z';
    await events.click(allow);
    await waitFor(() => expect(summaryLinks()).toEqual([deviceMessages.pairingCodeExpired]));
    expect(codeField()).toHaveValue('KXRT-7M4P');
    expect(codeField()).toHaveAccessibleDescription(expect.stringContaining(deviceMessages.pairingCodeExpired));
    // Focus goes to why the code is asked for again.
    await waitFor(() => expect(errorSummary()).toHaveFocus());
  });

  it('stays on the answer when the pairing e-mail could not be sent, so the user can try again', async () => {
    backend.pairings = [aPairing('KXRT-7M4P', 'Kitchen glasses')];
    const { events } = renderPair('?code=KXRT-7M4P');
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    server.use(http.post('*/api/devices/pairing/allow', () => refusal(503, deviceMessages.pairingMailFailed)));
    await screen.findByRole('button', { name: 'Allow' });
    await events.type(passwordField(), STAND_IN_PASSWORD);
    await events.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(alert()).toHaveTextContent(deviceMessages.pairingMailFailed));
    expect(screen.getByRole('button', { name: 'Allow' })).toBeInTheDocument();
    expect(backend.devices).toEqual([]);
  });

  it('tells a helper that only the wearer pairs glasses, and asks nothing', async () => {
    backend.wearers = [aUser()];
    backend.helper = aHelperSession(backend.wearers);
    renderPair('?code=KXRT-7M4P');
    expect(screen.getByRole('heading', { level: 1, name: 'Pair your glasses' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only Robin can do this.');
    expect(screen.queryByRole('textbox', { name: 'Pairing code' })).not.toBeInTheDocument();
  });
});
