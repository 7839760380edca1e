import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { baseURL } from './env';
import { expect, test } from './fixtures';
import {
  audioState,
  createAccount,
  createPlaylist,
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
  type SongJSON,
} from './helpers';

const shots = '/tmp/shots-share';

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
  await expect(page.getByRole('main').locator('img').first()).toHaveAttribute('src', song.cover);
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

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(`the public share page at ${size}`, () => {
    test.use({ viewport });

    test('a visitor sees the tracks and hears a 30-second preview; with previews off, no play buttons', async ({
      page,
      browser,
    }) => {
      test.slow(); // previews are cut by ffmpeg on first play
      fs.mkdirSync(shots, { recursive: true });
      // The owner: an account of its own, so turning previews off touches no other test.
      const owner = await createAccount(page.request);
      await page.context().clearCookies();
      const ownerApi = await requestAs(owner);
      const all = (await (await ownerApi.get('/api/search/all')).json()) as SongJSON[];
      const long = all.filter((s) => s.duration >= 40).slice(0, 4);
      expect(long.length).toBeGreaterThanOrEqual(3);
      const name = `Preview mix ${size}`;
      const playlist = await createPlaylist(
        ownerApi,
        name,
        long.map((s) => s._id),
      );
      await ownerApi.dispose();

      await page.goto(`/share?id=${playlist._id}&type=playlist`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const tracks = page.getByRole('list', { name: `Tracks in ${name}` }).getByRole('listitem');
      await expect(tracks).toHaveCount(long.length);
      for (const [i, song] of long.entries()) {
        await expect(tracks.nth(i)).toContainText(song.song);
        await expect(tracks.nth(i)).toContainText(song.artist.replace(/-/g, ' '));
      }
      const first = long[0]!;
      await page.getByRole('button', { name: `Play preview of ${first.song}` }).click();
      const player = page.getByRole('region', { name: 'Preview player' });
      await expect(player.getByText('Preview · 30 s')).toBeVisible();
      await expect(player).toContainText(first.song);
      await expect
        .poll(async () => (await audioState(page)).currentTime, { timeout: 20_000 })
        .toBeGreaterThan(0.5);
      const playing = await audioState(page);
      expect(playing.paused).toBe(false);
      expect(new URL(playing.src).pathname).toBe(
        `/api/share/playlist/${playlist._id}/preview/${first._id}`,
      );
      // The file itself is the song's first 30 s, not the whole song.
      expect(playing.duration).toBeLessThanOrEqual(30.5);
      expect(playing.duration).toBeLessThan(first.duration);
      await expect(
        page.getByRole('button', { name: `Pause preview of ${first.song}` }),
      ).toBeVisible();
      await page.screenshot({ path: `${shots}/share-playlist-${size}.png`, fullPage: true });

      // Near its end, the preview stops by itself at 30 s at most.
      await page.evaluate(() => {
        document.querySelector('audio')!.currentTime = 29;
      });
      await expect(
        player.getByRole('link', { name: 'Sign up to hear the whole song' }),
      ).toBeVisible({
        timeout: 10_000,
      });
      const ended = await audioState(page);
      expect(ended.paused).toBe(true);
      expect(ended.currentTime).toBeGreaterThanOrEqual(29);
      expect(ended.currentTime).toBeLessThanOrEqual(30);

      // The owner turns previews off in the share panel of the playlist.
      const ownerContext = await browser.newContext({ viewport });
      const ownerPage = await ownerContext.newPage();
      await signIn(ownerPage, owner);
      await ownerPage.goto(`/player/${playlist._id}`);
      await ownerPage.getByRole('button', { name: 'Share', exact: true }).click();
      const panel = ownerPage.getByRole('dialog', { name: 'Share playlist' });
      const toggle = panel.getByRole('switch', { name: 'Let visitors hear 30-second previews' });
      await expect(toggle).toBeChecked();
      await toggle.click();
      await expect(toggle).not.toBeChecked();
      await expect(statusToast(ownerPage)).toContainText('Previews off');
      await ownerContext.close();

      await page.reload();
      await expect(tracks).toHaveCount(long.length);
      await expect(page.getByText('Previews are off for this playlist.')).toBeVisible();
      await expect(page.getByRole('button', { name: /preview of/ })).toHaveCount(0);
      const refused = await page.request.get(
        `/api/share/playlist/${playlist._id}/preview/${first._id}`,
      );
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'The owner has turned previews off for this playlist. Sign up or log in to listen.',
      );
    });

    test('a visitor sees a shared song with its preview', async ({ page, account }) => {
      fs.mkdirSync(shots, { recursive: true });
      const lookup = await requestAs(account);
      const song = await songNamed(lookup, 'Midnight Harbour');
      await lookup.dispose();
      await page.goto(`/share?id=${song._id}&type=song`);
      await expect(page.getByRole('heading', { level: 1, name: 'Midnight Harbour' })).toBeVisible();
      const tracks = page
        .getByRole('list', { name: 'Tracks in Midnight Harbour' })
        .getByRole('listitem');
      await expect(tracks).toHaveCount(1);
      await page.getByRole('button', { name: 'Play preview of Midnight Harbour' }).click();
      await expect
        .poll(async () => (await audioState(page)).currentTime, { timeout: 20_000 })
        .toBeGreaterThan(0.3);
      await page.screenshot({ path: `${shots}/share-song-${size}.png`, fullPage: true });
    });

    test('a signed-out visit to an album goes to log in and comes back to it', async ({
      page,
      account,
    }) => {
      const lookup = await requestAs(account);
      const { albums } = (await (await lookup.get('/api/albums?sort=name')).json()) as {
        albums: { _id: string; name: string }[];
      };
      await lookup.dispose();
      const album = albums[0]!;
      await page.goto(`/album/${album._id}`);
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/album/${album._id}`)}`);
      await logIn(page, account);
      await expect(page).toHaveURL(new RegExp(`/album/${album._id}$`));
      await expect(page.getByRole('heading', { level: 1, name: album.name })).toBeVisible();
    });
  });
}
