import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminBaseURL } from './env';
import {
  createAccount,
  createPlaylist,
  errorToast,
  fillRegistration,
  fixture,
  mailedCode,
  newAccount,
  playlistOrder,
  signIn,
  uploadSong,
  type Account,
} from './helpers';

// These tests run in order on a server of their own (playwright.config.ts):
// the first of them makes the server's first account, which is its admin.
test.describe.configure({ mode: 'serial' });

let admin: Account;

/** A browser page of its own, signed in as account (or signed out). */
async function pageAs(browser: Browser, account?: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL: adminBaseURL });
  const page = await context.newPage();
  if (account) await signIn(page, account);
  return page;
}

async function openUsers(page: Page) {
  await page.goto('/admin?tab=users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
}

function row(page: Page, username: string) {
  return page.getByRole('row', { name: username, exact: true });
}

test.beforeAll(async () => {
  // The demo catalog, with its accounts, is made first: none of them may be the admin.
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${adminBaseURL}/healthz`)).json()) as { demo?: string }).demo,
      {
        timeout: 90_000,
        intervals: [250],
      },
    )
    .toBeUndefined();
});

test('the first person to sign up is the admin and finds the Admin page', async ({ page }) => {
  admin = await createAccount(page.request);
  await signIn(page, admin);
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  // The library folder, scanned at start: its 12 files, seen and added.
  await expect(page.getByText(/testdata\/library$/)).toBeVisible();
  await expect(page.getByText(/Last scan finished/)).toBeVisible({ timeout: 30_000 });
  const stat = (label: string) =>
    page.locator('.admin-stat').filter({ hasText: label }).locator('dd');
  await expect(stat('Files seen')).toHaveText('12');
  await expect(stat('Added')).toHaveText('12');
  await page.getByRole('button', { name: 'Scan now' }).click();
  await expect(page.getByText(/Scan started|A scan is already running/)).toBeVisible();
  // The library's analysis jobs, counted for the admin (waiting, running, or all done).
  await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
  await expect(page.getByText(/Nothing waiting|waiting, \d+ running/)).toBeVisible();

  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(row(page, admin.username).getByText('Admin', { exact: true })).toBeVisible();
  // The demo listener was there first, and is not an admin.
  await expect(row(page, 'demo')).toBeVisible();
  await expect(row(page, 'demo').getByText('Admin', { exact: true })).toHaveCount(0);
});

test('an admin learns in Admin which settings turn Google sign-in on', async ({ browser }) => {
  const page = await pageAs(browser, admin);
  await page.goto('/admin?tab=signup');
  const card = page.getByRole('region', { name: 'Sign-in with Google' });
  await expect(card).toContainText('Off: the login and sign-up pages show no Google button.');
  await card.getByRole('link', { name: 'How to turn it on' }).click();
  await expect(page).toHaveURL(/\/google$/);
  const howTo = page.getByRole('region', { name: 'For admins: turn it on' });
  await expect(howTo).toContainText('MUSICIFY_OIDC_ISSUER');
  await expect(howTo).toContainText('MUSICIFY_OIDC_CLIENT_ID');
  await expect(howTo).toContainText('MUSICIFY_OIDC_CLIENT_SECRET');
  await expect(howTo).toContainText('/api/auth/google/callback');
});

test('anyone else sees no Admin link and is refused the page', async ({ browser }) => {
  const page = await pageAs(browser);
  const bob = await createAccount(page.request);
  await signIn(page, bob);
  await page.goto('/home');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText('Admins only')).toBeVisible();
  // The server says no too, whatever the page shows.
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  await page.context().close();
});

test('a disabled person is signed out at once and cannot sign in', async ({ page, browser }) => {
  const victim = await pageAs(browser);
  const dan = await createAccount(victim.request);
  await signIn(victim, dan);
  await victim.goto('/profile');
  await expect(victim.locator('#main').getByText(dan.email)).toBeVisible();

  await signIn(page, admin);
  await openUsers(page);
  await row(page, dan.username)
    .getByRole('button', { name: `Actions for ${dan.username}` })
    .click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
  await expect(row(page, dan.username).getByText('Disabled')).toBeVisible();

  // The session the victim holds is dead: the app sends them to sign in.
  await victim.reload();
  await expect(victim).toHaveURL(/\/login\?next=%2Fprofile$/);
  await victim.goto('/login');
  await victim.getByLabel('Username or email').fill(dan.username);
  await victim.getByLabel('Password', { exact: true }).fill(dan.password);
  await victim.getByRole('button', { name: 'Login' }).click();
  await expect(errorToast(victim)).toContainText('This account has been disabled');
  await victim.context().close();
});

test('an invitation link signs one person up, once', async ({ page, browser }) => {
  test.slow(); // three visitors and a sign-up with its mail: a long flow
  await signIn(page, admin);
  await page.goto('/admin?tab=signup');
  await page.getByText('Invite only', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /Invite only/ })).toBeChecked();
  await page.getByRole('button', { name: 'Create invitation' }).click();
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/register\?invite=[\w-]{20,}$/);

  try {
    // Without a link the register page says how to get in.
    const stranger = await pageAs(browser);
    await stranger.goto('/');
    await expect(stranger.getByText('Sign-up is by invitation')).toBeVisible();
    await stranger.context().close();

    const invited = await pageAs(browser);
    const eve = newAccount();
    await registerThrough(invited, link, eve);
    const code = await mailedCode(invited.request, eve.email, 'sign-up');
    await invited.getByLabel('Sign-up code').fill(code);
    await invited.getByRole('button', { name: 'Register' }).click();
    await expect(invited).toHaveURL(/\/home$/);
    await invited.context().close();

    // The same link again: refused at once.
    const second = await pageAs(browser);
    await registerThrough(second, link, newAccount());
    await expect(errorToast(second)).toContainText('This invitation link is not valid');
    await second.context().close();

    await page.reload();
    await expect(page.getByText(`Used by ${eve.username}`)).toBeVisible();
  } finally {
    // Later tests sign people up freely.
    await page.request.put('/api/admin/signup', { data: { mode: 'open' } });
  }
});

async function registerThrough(page: Page, link: string, a: Account) {
  await page.goto(link);
  await expect(page.getByText('You are invited')).toBeVisible();
  await fillRegistration(page, a);
  await page.getByRole('button', { name: 'Register' }).click();
}

test('deleting a person can keep their uploads in everyone’s playlists', async ({
  page,
  browser,
}) => {
  const uploader = await pageAs(browser);
  const fay = await createAccount(uploader.request);
  await signIn(uploader, fay);
  const song = await uploadSong(uploader.request, 'Kept Tune', fixture('audio', 'sine.mp3'));
  await uploader.context().close();

  await signIn(page, admin);
  const list = await createPlaylist(page.request, 'Keepers', [song._id]);
  await openUsers(page);
  await expect(row(page, fay.username)).toContainText('1 song');
  await row(page, fay.username)
    .getByRole('button', { name: `Actions for ${fay.username}` })
    .click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${fay.username}?` });
  await expect(dialog.getByRole('radio', { name: /Keep their songs/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(row(page, fay.username)).toHaveCount(0);

  expect(await playlistOrder(page.request, list._id)).toEqual(['Kept Tune']);
  await page.goto(`/player/${list._id}`);
  await expect(page.getByText('Kept Tune').first()).toBeVisible();
});
