import { messages } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { errorSummary, summaryLinks } from '../../testing/error-summary.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { refusal, sent, server } from '../../testing/stand-in-server.ts';
import { SignupPage } from './signup-page.tsx';

const BUSY = 'Creating your account…';

/** /signup signed out; every text its status region ever showed is kept, so a busy message shown for a moment counts. */
function renderSignup() {
  const result = renderWithProviders(<SignupPage />, { route: paths.signup, signedIn: false });
  const statusTexts: string[] = [];
  const status = screen.getByRole('status');
  new MutationObserver(() => statusTexts.push(status.textContent ?? '')).observe(status, { childList: true, subtree: true, characterData: true });
  return { ...result, statusTexts };
}

async function fillIn(events: ReturnType<typeof renderSignup>['events']) {
  await events.type(screen.getByRole('textbox', { name: 'Username' }), 'Asha Rao');
  await events.type(screen.getByRole('textbox', { name: 'Email' }), 'asha@example.com');
  await events.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), '+91');
  await events.type(screen.getByRole('textbox', { name: /^Phone/ }), '98765 43210');
  await events.type(screen.getByRole('textbox', { name: 'License ID' }), 'SEVA-1234');
  await events.type(screen.getByLabelText('Password', { selector: 'input' }), 'Blue-Cactus9!Lamp');
  await events.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'Blue-Cactus9!Lamp');
}

describe('SignupPage: what a failed submit says, and when', () => {
  it("says nothing busy while the form checks itself, then lists each problem in 'There is a problem', which takes focus and leads to its field", async () => {
    const { events, statusTexts } = renderSignup();
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(errorSummary()).toHaveFocus());
    expect(statusTexts).not.toContain(BUSY);
    expect(screen.getByRole('button', { name: 'Create account' })).not.toHaveAttribute('aria-disabled');
    expect(summaryLinks().slice(0, 3)).toEqual([messages.usernameRequired, messages.emailRequired, messages.phoneRequired]);
    // Said once: the screen's alert stays empty; the fields' own messages are not live.
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(sent('POST', '/api/auth/sign-up')).toEqual([]);

    await events.click(within(errorSummary()).getByRole('link', { name: messages.emailRequired }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('says it is creating the account only once the request is out', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('*/api/auth/sign-up', async () => {
        await answered;
        return HttpResponse.json({ message: 'ok' }, { status: 201 });
      }),
    );
    const { events } = renderSignup();
    await fillIn(events);
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(BUSY));
    expect(sent('POST', '/api/auth/sign-up')).toHaveLength(1);
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Sent' })).toBeInTheDocument();
  });

  it("puts the server's refusal of a field on it and in the summary, and a refusal of no field in the summary alone", async () => {
    server.use(http.post('*/api/auth/sign-up', () => refusal(409, 'This email is already registered', 'email')));
    const { events } = renderSignup();
    await fillIn(events);
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(summaryLinks()).toEqual(['This email is already registered']));
    expect(errorSummary()).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('This email is already registered');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    server.use(http.post('*/api/auth/sign-up', () => refusal(500, 'Internal error')));
    await events.type(screen.getByRole('textbox', { name: 'Email' }), 'x');
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(errorSummary()).toHaveTextContent(`There is a problem${messages.registrationFailed}`));
    expect(summaryLinks()).toEqual([]);
    await waitFor(() => expect(errorSummary()).toHaveFocus());
  });
});

describe("SignupPage: 'Verification Sent'", () => {
  it('writes the seconds left in one place only, so what is said never disagrees with the countdown', async () => {
    server.use(http.post('*/api/auth/sign-up', () => HttpResponse.json({ message: 'ok' }, { status: 201 })));
    const { events } = renderSignup();
    await fillIn(events);
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Sent' })).toBeInTheDocument();
    // The message comes a frame after its (empty) region, so screen readers say it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("We sent a verification link to asha@example.com. Unless you choose 'Stay on this page', you will go to sign in."));
    expect(screen.getByRole('status')).not.toHaveTextContent(/\d+ seconds?/);
    expect(document.body.textContent?.match(/\d+ seconds?/g)).toEqual(['5 seconds']);
  });
});
