import { renderInI18n as render } from '../testing/render.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_SUPPORT_ID, paths } from '../lib/paths.ts';
import { backend } from '../testing/stand-in-server.ts';
import { App } from './app.tsx';
import { queryClient } from './providers.tsx';
import { routes } from './router.tsx';

/** The whole app at `at`, as the browser has it; the session and support contact come from the stand-in server. */
function renderApp(at: string) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(<App router={router} />);
  return { router, events: userEvent.setup() };
}

const footer = () => screen.getByRole('contentinfo');
const footerLinks = () => within(footer()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
const FOOTER = [
  ['Help', paths.help],
  ['Accessibility statement', paths.accessibility],
  ['Contact support', `${paths.help}#${CONTACT_SUPPORT_ID}`],
];

describe('help on every screen', () => {
  // The app's one query client outlives a test; what it learnt must not.
  afterEach(() => queryClient.clear());

  it.each([
    ['signed out, /login', paths.login, false, 'Sign in to SEVA'],
    ["a helper's sign-in", paths.helperSignIn, false, 'Sign in as a helper'],
    ['signed in, /sos', paths.sos, true, 'Emergency Contacts'],
    ['/pair', paths.pair, true, 'Pair your glasses'],
    ['signed out, an address that is no page', '/no-such-page', false, 'Page not found'],
    ['signed in, an address that is no page', '/no-such-page', true, 'Page not found'],
  ])('%s has the footer with help, the accessibility statement and support', async (_, at, signedIn, heading) => {
    if (!signedIn) backend.user = null;
    renderApp(at);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
    expect(footerLinks()).toEqual(FOOTER);
  }, 20_000);

  it('/help answers how to get a pairing code first, then what a helper is for, and gives the support contact the operator set', async () => {
    backend.user = null;
    backend.support = { email: 'help@seva.example', phone: '+44 20 7946 0000' };
    renderApp(paths.help);
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' }, { timeout: 5000 })).toBeInTheDocument();
    const questions = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(questions.slice(0, 2)).toEqual(['How do I get a pairing code from my glasses?', 'What is a helper for?']);
    const contact = screen.getByRole('region', { name: 'Contact support' });
    expect(await within(contact).findByRole('link', { name: 'help@seva.example' })).toHaveAttribute('href', 'mailto:help@seva.example');
    expect(within(contact).getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000');
    expect(footerLinks()).toEqual(FOOTER);
  });

  it("leaves out what the operator did not set, and 'Contact support' still leads somewhere that says whom to ask", async () => {
    backend.user = null;
    const { events } = renderApp(paths.login);
    await events.click(await within(await screen.findByRole('contentinfo', {}, { timeout: 5000 })).findByRole('link', { name: 'Contact support' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Contact support' }, { timeout: 5000 });
    await waitFor(() => expect(heading).toHaveFocus());
    const contact = screen.getByRole('region', { name: 'Contact support' });
    expect(await within(contact).findByText(/This portal has no support contact set up\./)).toBeInTheDocument();
    expect(within(contact).queryByRole('link', { name: /@|^\+/ })).not.toBeInTheDocument();
  });

  it('/accessibility states WCAG 2.2 AA conformance, the known gaps and how to report a problem', async () => {
    renderApp(paths.accessibility);
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility statement for the SEVA portal' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/partially compliant with the/)).toHaveTextContent('Web Content Accessibility Guidelines version 2.2 AA standard');
    expect(screen.getByRole('heading', { level: 2, name: 'How accessible this portal is' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Reporting accessibility problems with this portal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', `${paths.help}#${CONTACT_SUPPORT_ID}`);
  });

  it("/pair says how to make the glasses say a pairing code, with a link to the help page's answer", async () => {
    renderApp(paths.pair);
    expect(await screen.findByRole('link', { name: 'How to get a pairing code from your glasses' }, { timeout: 5000 })).toHaveAttribute('href', `${paths.help}#pairing-code`);
    expect(screen.getByText(/Start pairing on your SEVA glasses \(give them the pair command\) and they say a pairing code\./)).toBeInTheDocument();
  }, 20_000);
});
