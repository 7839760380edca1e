import type { Page } from '@playwright/test';
import { baseURL } from './env';
import { expect, test } from './fixtures';
import {
  audioState,
  fillRegistration,
  mailedCode,
  mediaFile,
  newAccount,
  playlistsOf,
  requestAs,
  signIn,
  songNamed,
  statusToast,
  type Account,
} from './helpers';

function row(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
}

async function logIn(page: Page, account: Account) {
  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('the share panel shows the link, copies it and opens Twitter in a centred popup', async ({
  page,
  context,
  signedIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // No service is reachable from here: the popup gets a page of our own.
  await context.route(/^https:\/\/(twitter\.com|x\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>share</title>' }),
  );
  const song = await songNamed(page.request, 'Midnight Harbour');
  const link = `${baseURL}/share?id=${song._id}&type=song`;
  expect(signedIn.username).toBeTruthy();

  await page.goto('/songs');
  await row(page, 'Midnight Harbour')
    .getByRole('button', { name: 'Share Midnight Harbour' })
    .click();
  const panel = page.getByRole('dialog', { name: 'Share song' });
  await expect(panel.getByRole('textbox', { name: 'Link' })).toHaveValue(link);
  for (const name of ['WhatsApp', 'Telegram', 'Twitter / X', 'Facebook']) {
    await expect(panel.getByRole('button', { name })).toBeVisible();
  }
  await expect(panel.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:/);

  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(statusToast(page)).toContainText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const popupOpened = page.waitForEvent('popup');
  await panel.getByRole('button', { name: 'Twitter / X' }).click();
  const popup = await popupOpened;
  expect(popup.url()).toContain('twitter.com/intent/tweet');
  expect(popup.url()).toContain(encodeURIComponent(link));
  await popup.close();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('a visitor opens a shared song, logs in and lands back on it', async ({ page, account }) => {
  const lookup = await requestAs(account);
  const song = await songNamed(lookup, 'Dandelion Road');
  await lookup.dispose();
  await page.goto(`/share?id=${song._id}&type=song`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dandelion Road' })).toBeVisible();
  await expect(page.getByText(`by ${song.artist.replace(/-/g, ' ')}`)).toBeVisible();
  await expect(page.getByRole('main').locator('img')).toHaveAttribute('src', song.cover);
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    `/?next=${encodeURIComponent(`/share?id=${song._id}&type=song`)}`,
  );

  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await logIn(page, account);
  await expect(page).toHaveURL(new RegExp(`/share\\?id=${song._id}&type=song$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Dandelion Road' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(async () => (await audioState(page)).currentTime, { timeout: 10_000 })
    .toBeGreaterThan(0.2);
  // Media URLs are signed for each session: the same file, another signature.
  expect(mediaFile((await audioState(page)).src)).toBe(mediaFile(song.audio));
});

test('a visitor opens a shared playlist, signs up and lands back on it', async ({
  page,
  account,
}) => {
  // A playlist of the demo listener, seeded with the demo catalog.
  const lookup = await requestAs(account);
  const playlist = (await playlistsOf(lookup, 'demo')).find((p) => p.name === 'Sunday Morning')!;
  const songs = (await (await lookup.get(`/api/playlist/${playlist._id}`)).json()) as {
    songs: { song: string }[];
  }[];
  await lookup.dispose();
  const path = `/share?id=${playlist._id}&type=playlist`;

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday Morning' })).toBeVisible();
  await expect(page.getByText('by demo')).toBeVisible();
  await expect(page.getByText(`${playlist.count} songs`)).toBeVisible();

  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/\?next=/);
  const me = newAccount();
  await fillRegistration(page, me);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/otp1\?next=/);
  const code = await mailedCode(page.request, me.email, 'sign-up');
  await page.getByLabel('Sign-up code').fill(code);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(new RegExp(`/share\\?id=${playlist._id}&type=playlist$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday Morning' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Songs in Sunday Morning' });
  await expect(list.locator('.song-row__title')).toHaveText(songs[0]!.songs.map((s) => s.song));
  await expect(list.getByRole('button', { name: /^Download / })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open playlist' }).click();
  await expect(page).toHaveURL(new RegExp(`/player/${playlist._id}$`));
});

test('a link to nothing shows a friendly page, signed out and signed in', async ({
  page,
  browser,
  account,
}) => {
  const res = await page.goto('/share?id=000000000000000000000000&type=playlist');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Shared playlist' })).toBeVisible();
  await expect(page.getByText('This playlist is not here any more')).toBeVisible();

  const context = await browser.newContext();
  const signedIn = await context.newPage();
  await signIn(signedIn, account);
  await signedIn.goto('/share?id=nope&type=song');
  await expect(signedIn.getByText('This song is not here any more')).toBeVisible();
  await expect(signedIn.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.close();
});
