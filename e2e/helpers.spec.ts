import type { Browser, Page } from '@playwright/test';
import { expectFocusedResult } from './support/action-result.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectFieldError } from './support/field-error.ts';
import { expectProblem } from './support/error-summary.ts';
import { expect, test } from './support/fixtures.ts';
import { addFace, askForCode, pollToken, sync } from './support/glasses.ts';
import { tabAndType, tabTo } from './support/keyboard.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { linkFromMail } from './support/outbox.ts';
import { signIn } from './support/sign-in.ts';
import { helperOf, uninvitedHelper } from '../test-kit/helper-flow.ts';
import { signedInUser } from '../test-kit/sign-up-flow.ts';

// Helpers (issue #18): someone the wearer trusts signs in with their own account, in their own browser, and acts for
// the wearer within a fixed set of powers until the wearer removes them.
test.describe.configure({ mode: 'parallel' });

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const status = (page: Page) => page.getByRole('main').getByRole('status').first();
const helpersSection = (page: Page) => page.getByRole('region', { name: 'Helpers' });
const helperRow = (page: Page, name: string) => helpersSection(page).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
const navLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const passwordField = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A page in a browser of its own (another person's), with `goto` waiting for the app as the fixture's page does. */
async function anotherBrowser(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => document.title !== 'SEVA portal');
    return response;
  };
  return page;
}

/** Axe clean, and no sideways scrolling at 320 px (WCAG 1.4.10), on the page as it is now. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  await expectNoAxeViolations(page, label);
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page, `${label} at 320 px`);
  await page.setViewportSize(size);
}

/** The wearer invites `helper` from /profile with the keyboard alone; the section then lists them as invited. */
async function inviteWithKeyboard(page: Page, helper: { name: string; email: string }): Promise<void> {
  await tabTo(page, helpersSection(page).getByRole('button', { name: 'Invite a helper' }), { maxPresses: 60 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invite a helper' });
  await expect(dialog.getByRole('textbox', { name: "Helper's name" })).toBeFocused();
  await expectNoAxeViolations(page, 'the invitation dialog');
  await page.keyboard.type(helper.name);
  await tabAndType(page, dialog.getByRole('textbox', { name: "Helper's email" }), helper.email);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Said in the section, above 'Invite a helper', with focus, as the dialog has closed (D-077).
  await expectFocusedResult(helpersSection(page), `Invitation sent to ${helper.email}.`);
  const row = helperRow(page, helper.name);
  await expect(row).toContainText('Invitation sent');
  await expect(row.getByRole('button', { name: `Cancel invitation for ${helper.name}` })).toHaveText('Cancel invitation');
}

test('a wearer invites a helper, who accepts in their own browser, adds a face and changes the contacts; the wearer sees it all and removes them, and their next page says so', async ({
  signedInPage: wearerPage,
  newUser: wearer,
  request: glasses,
  browser,
}) => {
  test.setTimeout(300_000);
  const helper = uninvitedHelper();

  // The wearer's glasses are paired, as on /pair from the glasses' link.
  const code = await askForCode(glasses, 'Hall glasses');
  await wearerPage.goto(`/pair?code=${code.user_code}`);
  await wearerPage.getByRole('button', { name: 'Continue' }).click();
  await wearerPage.getByLabel('Your password', { exact: true }).fill(wearer.password);
  await wearerPage.getByRole('region', { name: 'Glasses waiting to pair' }).getByRole('button', { name: 'Allow' }).click();
  await expect(status(wearerPage)).toHaveText('Glasses paired');
  const issued = await pollToken(glasses, code.device_code);
  expect(issued.status, issued.text).toBe(200);
  const { access_token: token } = issued.json as { access_token: string };
  const before = await sync(glasses, token);

  // The wearer's /profile: no helpers yet; the invitation, with the keyboard alone.
  await navLink(wearerPage, 'Profile').click();
  await expect(helpersSection(wearerPage).getByText('You have no helpers.')).toBeVisible();
  await expectAccessible(wearerPage, "the wearer's /profile without helpers");
  await inviteWithKeyboard(wearerPage, helper);
  await expectAccessible(wearerPage, "the wearer's /profile with an invitation");

  // The helper opens the e-mailed link in their own browser: whom they will help and what they may do.
  const helperPage = await anotherBrowser(browser);
  await helperPage.goto(await linkFromMail(helper.email, 'helper/accept'));
  const acceptHeading = h1(helperPage, `Help ${wearer.username} with their SEVA glasses`);
  await expect(acceptHeading).toBeFocused();
  await expect(helperPage.getByRole('heading', { level: 2, name: 'As a helper you can:' })).toBeVisible();
  await expect(helperPage.getByRole('heading', { level: 2, name: 'You cannot:' })).toBeVisible();
  await expect(helperPage.getByRole('textbox', { name: 'Your name' })).toHaveValue(helper.name);
  await expectAccessible(helperPage, '/helper/accept for a new helper');
  // 'Decline' stands apart from 'Accept invitation', so a press meant for one never lands on the other.
  const acceptBox = (await helperPage.getByRole('button', { name: 'Accept invitation' }).boundingBox())!;
  const declineBox = (await helperPage.getByRole('button', { name: 'Decline' }).boundingBox())!;
  expect(declineBox.y - (acceptBox.y + acceptBox.height)).toBeGreaterThanOrEqual(24);

  // Keyboard alone: the rules are checked, the password can be shown, then 'Accept invitation' signs in.
  await tabAndType(helperPage, passwordField(helperPage, 'Password'), helper.password);
  await tabAndType(helperPage, passwordField(helperPage, 'Confirm password'), 'Something-else1!');
  await tabTo(helperPage, helperPage.getByRole('button', { name: 'Accept invitation' }));
  await helperPage.keyboard.press('Enter');
  await expectFieldError(passwordField(helperPage, 'Confirm password'), 'Passwords must match');
  await expectProblem(helperPage, 'Passwords must match');
  await helperPage.keyboard.press('Tab');
  await helperPage.keyboard.press('Enter');
  await expect(passwordField(helperPage, 'Confirm password')).toBeFocused();
  await helperPage.keyboard.press('ControlOrMeta+A');
  await helperPage.keyboard.type(helper.password);
  await tabTo(helperPage, helperPage.getByRole('button', { name: 'Show confirm password' }));
  await helperPage.keyboard.press('Enter');
  await expect(passwordField(helperPage, 'Confirm password')).toHaveAttribute('type', 'text');
  await expectNoAxeViolations(helperPage, '/helper/accept, password shown');
  await tabTo(helperPage, helperPage.getByRole('button', { name: 'Accept invitation' }));
  await helperPage.keyboard.press('Enter');
  await expect(h1(helperPage, 'My Dashboard')).toBeVisible();
  await expect(helperPage).toHaveURL(/\/dashboard$/);
  await expect(helperPage.getByRole('banner').getByText(`You are helping ${wearer.username}`)).toBeVisible();
  await expect(helperPage.getByText(`Welcome back, ${helper.name}`)).toBeVisible();
  await expectAccessible(helperPage, "a helper's /dashboard");

  // The helper adds a face by upload and sets the emergency contact.
  await addFace(helperPage, 'Grace Hopper');
  await expect(helperPage.getByRole('banner').getByText(`You are helping ${wearer.username}`)).toBeVisible();
  await navLink(helperPage, 'Emergency Setup').click();
  await expect(h1(helperPage, 'Emergency Contacts')).toBeFocused();
  await helperPage.getByRole('textbox', { name: 'Primary contact full name' }).fill('Asha Rao');
  await helperPage.getByRole('combobox', { name: 'Primary contact country code' }).selectOption({ label: 'India (+91)' });
  await helperPage.getByRole('textbox', { name: 'Primary contact phone number' }).fill('9876543210');
  await helperPage.getByRole('button', { name: 'Save Contacts' }).click();
  await expectFocusedResult(helperPage.getByRole('main'), 'Emergency contacts saved successfully');

  // The helper's /profile is their own: nothing of the wearer's account, no pairing.
  await navLink(helperPage, 'Profile').click();
  await expect(helperPage.getByRole('region', { name: 'Your helper account', exact: true })).toContainText(helper.email);
  await expect(helperPage.getByRole('button', { name: `Stop helping ${wearer.username}` })).toBeVisible();
  for (const wearerOnly of ['Helpers', 'Paired glasses', 'Signed-in browsers', 'Your data', 'Account details']) {
    await expect(helperPage.getByRole('region', { name: wearerOnly })).toHaveCount(0);
  }
  await expectAccessible(helperPage, "a helper's own /profile");
  await helperPage.goto('/pair');
  await expect(helperPage.getByRole('main').getByRole('alert')).toHaveText(`Only ${wearer.username} can do this.`);
  await expect(helperPage.getByRole('textbox', { name: 'Pairing code' })).toHaveCount(0);

  // The wearer sees both in Recent activity, naming the helper, and the glasses get the face at their next sync.
  await wearerPage.reload();
  const activity = wearerPage.getByRole('region', { name: 'Recent activity' });
  await expect(activity.getByText(`Face added by ${helper.name}`)).toBeVisible();
  await expect(activity.getByText(`Emergency contacts changed by ${helper.name}`)).toBeVisible();
  const after = await sync(glasses, token, before.cursor);
  expect(after.faces.map((face) => face.name)).toEqual(['Grace Hopper']);

  // The wearer removes the helper, confirmed in a dialog, with the keyboard alone.
  const row = helperRow(wearerPage, helper.name);
  await expect(row).toContainText('Helping you');
  await tabTo(wearerPage, row.getByRole('button', { name: `Remove ${helper.name}` }), { maxPresses: 60 });
  await wearerPage.keyboard.press('Enter');
  const dialog = wearerPage.getByRole('alertdialog', { name: `Remove ${helper.name}?` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(wearerPage, 'the remove-helper dialog');
  await tabTo(wearerPage, dialog.getByRole('button', { name: `Remove ${helper.name}` }));
  await wearerPage.keyboard.press('Enter');
  await expectFocusedResult(helpersSection(wearerPage), `${helper.name} no longer helps you.`);
  await expect(helpersSection(wearerPage).getByText('You have no helpers.')).toBeVisible();

  // The helper's next navigation says they no longer help this wearer; no sign-out was needed.
  await navLink(helperPage, 'Face Recognition').click();
  const ended = h1(helperPage, `You no longer help ${wearer.username}.`);
  await expect(ended).toBeVisible();
  await expect(ended).toBeFocused();
  await expect(helperPage.getByText(`You are helping ${wearer.username}`)).toHaveCount(0);
  await expectAccessible(helperPage, 'the page a removed helper sees');
  await tabTo(helperPage, helperPage.getByRole('button', { name: 'Sign Out' }));
  await helperPage.keyboard.press('Enter');
  await expect(h1(helperPage, 'Sign in as a helper')).toBeVisible();
  await helperPage.context().close();
});

test('a helper signs in from /login with the keyboard, resets a forgotten password by e-mail, and a used invitation link says so plainly', async ({
  page,
  newUser: wearer,
  browser,
}) => {
  test.setTimeout(120_000);
  const helper = uninvitedHelper();

  // The wearer invites; the helper accepts with a mouse (the first test does it with the keyboard).
  const wearerPage = await anotherBrowser(browser);
  await signIn(wearerPage, wearer);
  await navLink(wearerPage, 'Profile').click();
  await helpersSection(wearerPage).getByRole('button', { name: 'Invite a helper' }).click();
  const invite = wearerPage.getByRole('dialog', { name: 'Invite a helper' });
  await invite.getByRole('textbox', { name: "Helper's name" }).fill(helper.name);
  await invite.getByRole('textbox', { name: "Helper's email" }).fill(helper.email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expectFocusedResult(helpersSection(wearerPage), `Invitation sent to ${helper.email}.`);
  const link = await linkFromMail(helper.email, 'helper/accept');
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Your name' }).fill(helper.name);
  await passwordField(page, 'Password').fill(helper.password);
  await passwordField(page, 'Confirm password').fill(helper.password);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(h1(page, 'My Dashboard')).toBeVisible();
  await wearerPage.context().close();

  // The link worked once.
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(h1(page, 'Sign in as a helper')).toBeVisible();
  await page.goto(link);
  await expect(h1(page, 'This invitation cannot be used')).toBeFocused();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This invitation has already been accepted. Please sign in as a helper.');
  await expectAccessible(page, '/helper/accept with a used link');

  // From /login, 'Sign in as a helper'; a forgotten password is reset by e-mail.
  await page.goto('/login');
  await tabTo(page, page.getByRole('link', { name: 'Sign in as a helper' }));
  await page.keyboard.press('Enter');
  await expect(h1(page, 'Sign in as a helper')).toBeFocused();
  await expectAccessible(page, '/helper/sign-in');
  await tabTo(page, page.getByRole('link', { name: 'Forgot password?' }));
  await page.keyboard.press('Enter');
  await expect(h1(page, 'Reset your helper password')).toBeFocused();
  await expectAccessible(page, '/helper/forgot-password');
  await tabAndType(page, page.getByRole('textbox', { name: 'Email' }), helper.email);
  await page.keyboard.press('Enter');
  await expect(h1(page, 'Check your e-mail')).toBeFocused();
  await page.goto(await linkFromMail(helper.email, 'helper/reset-password'));
  await expect(h1(page, 'Choose a new password')).toBeFocused();
  await expectAccessible(page, '/helper/reset-password');
  const newPassword = 'Fresh-Pine7!Road';
  await tabAndType(page, passwordField(page, 'New password'), newPassword);
  await tabAndType(page, passwordField(page, 'Confirm new password'), newPassword);
  await page.keyboard.press('Enter');
  await expect(h1(page, 'Password changed')).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Go to helper sign-in' }));
  await page.keyboard.press('Enter');

  // The old password no longer works; the new one does, with the keyboard alone.
  await expect(h1(page, 'Sign in as a helper')).toBeFocused();
  await tabAndType(page, page.getByRole('textbox', { name: 'Email' }), helper.email);
  await tabAndType(page, passwordField(page, 'Password'), helper.password);
  await page.keyboard.press('Enter');
  await expectProblem(page, 'Invalid credentials');
  await passwordField(page, 'Password').fill(newPassword);
  await passwordField(page, 'Password').press('Enter');
  await expect(h1(page, 'My Dashboard')).toBeVisible();
  await expect(page.getByRole('banner').getByText(`You are helping ${wearer.username}`)).toBeVisible();
});

test('a helper of two wearers accepts the second invitation with their password, switches whom they help, stops helping one and deletes their helper account, with the keyboard alone', async ({
  page,
  portal,
}) => {
  test.setTimeout(240_000);
  const robin = await signedInUser(portal);
  const kim = await signedInUser(portal);
  const { helper } = await helperOf(portal, robin.cookie);
  const robinsLink = await linkFromMail(helper.email, 'helper/accept');
  const invited = await portal.send('POST', '/api/helpers', { name: helper.name, email: helper.email }, { cookie: kim.cookie });
  expect(invited.status, invited.text).toBe(201);

  // The helper already has an account: the page asks only for its password.
  await page.goto(await linkFromMail(helper.email, 'helper/accept', robinsLink));
  await expect(h1(page, `Help ${kim.input.username} with their SEVA glasses`)).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveCount(0);
  await expect(passwordField(page, 'Confirm password')).toHaveCount(0);
  await expectAccessible(page, '/helper/accept for an existing helper');
  await tabAndType(page, passwordField(page, 'Password'), helper.password);
  await page.keyboard.press('Enter');
  await expect(h1(page, 'My Dashboard')).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByText(`You are helping ${kim.input.username}`)).toBeVisible();

  // 'Switch' beside that line leads to the choice; choosing acts for the other wearer.
  await tabTo(page, banner.getByRole('link', { name: 'Switch whom you are helping' }));
  await page.keyboard.press('Enter');
  await expect(h1(page, 'Who are you helping?')).toBeFocused();
  await expect(page.getByRole('button', { name: `Help ${kim.input.username}` })).toHaveAttribute('aria-current', 'true');
  await expectAccessible(page, '/helper/choose');
  await tabTo(page, page.getByRole('button', { name: `Help ${robin.input.username}` }));
  await page.keyboard.press('Enter');
  await expect(h1(page, 'My Dashboard')).toBeVisible();
  await expect(banner.getByText(`You are helping ${robin.input.username}`)).toBeVisible();

  // 'Stop helping {wearer}' asks first; then only one wearer is left, and no switch.
  await navLink(page, 'Profile').click();
  await expect(h1(page, 'User Profile')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: `Stop helping ${kim.input.username}` }), { maxPresses: 40 });
  await page.keyboard.press('Enter');
  const stop = page.getByRole('alertdialog', { name: `Stop helping ${kim.input.username}?` });
  await expect(stop).toBeVisible();
  await expectNoAxeViolations(page, 'the stop-helping dialog');
  await tabTo(page, stop.getByRole('button', { name: `Stop helping ${kim.input.username}` }));
  await page.keyboard.press('Enter');
  await expectFocusedResult(page.getByRole('region', { name: 'People you help' }), `You no longer help ${kim.input.username}.`);
  await expect(page.getByRole('button', { name: `Stop helping ${kim.input.username}` })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Switch whom you are helping' })).toHaveCount(0);
  await expect(banner.getByText(`You are helping ${robin.input.username}`)).toBeVisible();

  // Deleting the helper account asks for its password, then the helpers' sign-in page says it is gone.
  await tabTo(page, page.getByRole('button', { name: 'Delete my helper account' }), { maxPresses: 40 });
  await page.keyboard.press('Enter');
  const remove = page.getByRole('alertdialog', { name: 'Delete your helper account?' });
  await expect(remove.getByLabel('Password', { exact: true })).toBeFocused();
  await expectNoAxeViolations(page, 'the delete-helper-account dialog');
  await page.keyboard.type(helper.password);
  await page.keyboard.press('Enter');
  await expect(h1(page, 'Sign in as a helper')).toBeVisible();
  await expect(status(page)).toHaveText('Your helper account has been deleted.');
  const gone = await portal.send('GET', '/api/helpers', undefined, { cookie: robin.cookie });
  expect((gone.json as { helpers: unknown[] }).helpers).toEqual([]);
});
