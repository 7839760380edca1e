import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  chooseSpeed,
  audioState,
  createAccount,
  createPlaylist,
  fixture,
  mediaFile,
  playerBar,
  playlistOrder,
  signIn,
  songNamed,
  unique,
  uploadSong,
  type SongJSON,
} from './helpers';

/** The row of a song in the page's song list. */
function row(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
}

/**
 * Waits until the service worker controls the page: only then do a reload
 * and media requests go through it (it claims the page once active).
 */
async function serviceWorkerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Presses Download on the open playlist or album page and waits until it is all kept. */
async function downloadCollection(page: Page, name: string) {
  await page.getByRole('button', { name: `Download “${name}” for offline listening` }).click();
  await expect(
    page.getByRole('button', { name: `Downloaded: remove “${name}” from downloads` }),
  ).toBeVisible({ timeout: 20_000 });
}

/** The names of the Cache Storage caches that hold someone's downloads. */
function downloadCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await caches.keys()).filter((n) => n.startsWith('musicify-downloads-')),
  );
}

async function likedIds(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/like/all');
  expect(res.status()).toBe(200);
  return ((await res.json()) as SongJSON[]).map((s) => s._id);
}

test('a downloaded playlist opens and plays offline, and a like made offline reaches the server', async ({
  page,
  context,
  listener,
}) => {
  expect(listener.username).toBeTruthy();
  const first = await songNamed(page.request, 'Midnight Harbour');
  const second = await songNamed(page.request, 'Dandelion Road');
  const playlist = await createPlaylist(page.request, unique('Road trip '), [
    first._id,
    second._id,
  ]);

  await page.goto(`/player/${playlist._id}`);
  await serviceWorkerControls(page);
  await downloadCollection(page, playlist.name);
  await expect(page.getByRole('status').filter({ hasText: 'ready to play offline' })).toBeVisible();
  expect(await downloadCaches(page)).toHaveLength(1);

  await context.setOffline(true);
  await page.reload();
  // The app shell comes from the service worker, the page from the snapshot.
  await expect(page.getByRole('heading', { level: 1, name: playlist.name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You’re offline.' })).toBeVisible();

  // The stored audio answers Range requests with the asked slice, under any signature.
  const slice = await page.evaluate(async (audio) => {
    const res = await fetch(audio, { headers: { Range: 'bytes=10-109' } });
    return { status: res.status, length: (await res.arrayBuffer()).byteLength };
  }, first.audio);
  expect(slice).toEqual({ status: 206, length: 100 });

  await page.getByRole('button', { name: 'Play all' }).click();
  await expect
    .poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  const playing = await audioState(page);
  expect(playing.paused).toBe(false);
  expect(mediaFile(playing.src)).toBe(mediaFile(first.audio));

  // A like made offline is kept, not lost, and not yet on the server.
  await row(page, 'Dandelion Road').getByRole('button', { name: 'Like' }).click();
  await expect(row(page, 'Dandelion Road').getByRole('button', { name: 'Unlike' })).toBeVisible();
  expect(await likedIds(page)).not.toContain(second._id);

  await context.setOffline(false);
  await expect.poll(() => likedIds(page), { timeout: 15_000 }).toContain(second._id);
  await expect(page.getByRole('status').filter({ hasText: 'You’re offline.' })).toHaveCount(0);
});

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('after a minute offline the app reopens on the downloads, and a page never seen says so', async ({
      page,
      context,
      listener,
    }) => {
      // A download, a reload and three pages offline: a long walk.
      test.slow();
      expect(listener.username).toBeTruthy();
      await context.clock.install();
      const song = await songNamed(page.request, 'Midnight Harbour');
      const playlist = await createPlaylist(page.request, unique('Long way '), [song._id]);
      await page.goto(`/player/${playlist._id}`);
      await serviceWorkerControls(page);
      await downloadCollection(page, playlist.name);

      // Long enough for everything kept, the profile included, to be stale.
      await context.setOffline(true);
      await page.clock.fastForward('01:00');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: playlist.name })).toBeVisible();
      await page.getByRole('button', { name: 'Play all' }).click();
      await expect
        .poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 })
        .toBeGreaterThan(0.3);

      // Opening the app anew lands in it, not on the sign-up page.
      await page.goto('/');
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('status').filter({ hasText: 'You’re offline.' })).toBeVisible();

      // A page never opened online has nothing kept: it says so and leads to the downloads.
      await page.goto('/albums');
      await expect(page.getByText('This page isn’t available offline')).toBeVisible();
      await page.getByRole('link', { name: 'Go to your downloads' }).click();
      await expect(page).toHaveURL(/\/downloads$/);
      await expect(page.getByText(playlist.name).first()).toBeVisible();
    });
  });
}

/** The writes kept for later in this browser, as 'METHOD path', oldest first. */
function queuedWrites(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('musicify-offline-queue:'));
    const queue = JSON.parse((key && localStorage.getItem(key)) || '[]') as {
      method: string;
      path: string;
    }[];
    return queue.map((w) => `${w.method} ${w.path}`);
  });
}

/** Downloads one song from its row's menu and waits for its green mark. */
async function downloadFromRow(page: Page, name: string) {
  await row(page, name)
    .getByRole('button', { name: `More options for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Download for offline' }).click();
  await expect(row(page, name).getByText('Downloaded')).toBeAttached({ timeout: 20_000 });
}

test('offline, songs that were not downloaded are greyed, do not start, and the queue skips them', async ({
  page,
  context,
  listener,
}) => {
  expect(listener.username).toBeTruthy();
  const [first, missing, third] = await Promise.all(
    ['Midnight Harbour', 'Dandelion Road', 'Slow Snowfall'].map((n) => songNamed(page.request, n)),
  );
  const playlist = await createPlaylist(page.request, unique('Half kept '), [
    first!._id,
    missing!._id,
    third!._id,
  ]);
  await page.goto(`/player/${playlist._id}`);
  await serviceWorkerControls(page);
  await downloadFromRow(page, 'Midnight Harbour');
  await downloadFromRow(page, 'Slow Snowfall');
  const gone = row(page, 'Dandelion Road');
  const goneButton = gone.getByRole('button', { name: 'Play Dandelion Road' });
  // Online, every song plays as before.
  await expect(goneButton).not.toHaveAttribute('aria-disabled');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: playlist.name })).toBeVisible();
  await expect(gone).toHaveClass(/song-row--offline/);
  await expect(goneButton).toHaveAttribute('aria-disabled', 'true');
  await expect(goneButton).toHaveAccessibleDescription('Not downloaded');
  await expect(row(page, 'Midnight Harbour')).not.toHaveClass(/song-row--offline/);
  await expect(row(page, 'Slow Snowfall')).not.toHaveClass(/song-row--offline/);

  // Play all: the first song plays; Next passes over the one that is not downloaded.
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(first!.audio));
  await playerBar(page).getByRole('button', { name: 'Next' }).click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(third!.audio));
  await expect(playerBar(page)).toContainText('Slow Snowfall');
  await expect
    .poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(0.3);

  // The greyed song does not start: a toast says why and the music goes on.
  await gone.getByText('Dandelion Road', { exact: true }).click();
  await expect(
    page.getByText('“Dandelion Road” isn’t downloaded. Connect to the internet to play it.'),
  ).toBeVisible();
  const now = await audioState(page);
  expect(mediaFile(now.src)).toBe(mediaFile(third!.audio));
  expect(now.paused).toBe(false);

  // Back online, it plays again.
  await context.setOffline(false);
  await expect(gone).not.toHaveClass(/song-row--offline/);
  await goneButton.click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(missing!.audio));
});

test('Download on Liked Songs keeps them; the Downloads page lists them', async ({
  page,
  listener,
}) => {
  expect(listener.username).toBeTruthy();
  const names = ['Midnight Harbour', 'Dandelion Road'];
  for (const name of names) {
    const song = await songNamed(page.request, name);
    const res = await page.request.post('/api/like/add', { data: { song: song._id } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.goto('/likes');
  await page.getByRole('button', { name: 'Download “Liked Songs” for offline listening' }).click();
  await expect(
    page.getByRole('button', { name: 'Downloaded: remove “Liked Songs” from downloads' }),
  ).toBeVisible({ timeout: 20_000 });
  for (const name of names) {
    await expect(row(page, name).getByText('Downloaded')).toBeAttached();
  }

  await page.getByRole('link', { name: 'Downloads' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Liked Songs' })).toBeVisible();
  const kept = page.getByRole('list', { name: 'Downloaded songs' });
  for (const name of names) await expect(kept.getByText(name, { exact: true })).toBeVisible();
  // The audio itself is in the browser: one entry per song under the account's cache.
  const audio = await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('musicify-downloads-'));
    const cache = name ? await caches.open(name) : null;
    return (cache ? await cache.keys() : []).filter((r) => r.url.includes('/__offline/audio/'))
      .length;
  });
  expect(audio).toBe(2);
});

test('a listen and a playlist edit made offline survive a reload and reach the server once online', async ({
  page,
  context,
  listener,
}) => {
  expect(listener.username).toBeTruthy();
  const other = await songNamed(page.request, 'Midnight Harbour');
  const tune = await uploadSong(page.request, 'Offline tune', fixture('audio', 'tune-12s.mp3'));
  const playlist = await createPlaylist(page.request, unique('Commute '), [other._id, tune._id]);
  const count = async () => {
    const res = await page.request.get(`/api/songs/${tune._id}`);
    return ((await res.json()) as SongJSON).count;
  };

  await page.goto(`/player/${playlist._id}`);
  await serviceWorkerControls(page);
  await downloadCollection(page, playlist.name);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: playlist.name })).toBeVisible();

  // The tune is last: the queue ends with it. At twice the speed its 10 s count in 5 s.
  await row(page, 'Offline tune').getByRole('button', { name: 'Play Offline tune' }).click();
  await chooseSpeed(page, '2×');
  await expect
    .poll(() => queuedWrites(page), { timeout: 15_000 })
    .toEqual(['POST /api/view/increase']);

  await row(page, 'Midnight Harbour')
    .getByRole('button', { name: 'Remove Midnight Harbour from playlist' })
    .click();
  await expect(row(page, 'Midnight Harbour')).toHaveCount(0);
  const queued = [
    'POST /api/view/increase',
    `DELETE /api/playlist/${playlist._id}/songs/${other._id}`,
  ];
  await expect.poll(() => queuedWrites(page)).toEqual(queued);
  // Nothing reached the server yet.
  expect(await count()).toBe(0);
  expect(await playlistOrder(page.request, playlist._id)).toEqual([
    'Midnight Harbour',
    'Offline tune',
  ]);

  // Still offline, a reload keeps them.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: playlist.name })).toBeVisible();
  expect(await queuedWrites(page)).toEqual(queued);

  await context.setOffline(false);
  await expect.poll(count, { timeout: 15_000 }).toBe(1);
  await expect
    .poll(() => playlistOrder(page.request, playlist._id), { timeout: 15_000 })
    .toEqual(['Offline tune']);
  await expect.poll(() => queuedWrites(page)).toEqual([]);
  await expect(row(page, 'Midnight Harbour')).toHaveCount(0);
});

test('logging out deletes the downloads: the next account on this browser has none', async ({
  page,
  listener,
}) => {
  const song = await songNamed(page.request, 'Midnight Harbour');
  const playlist = await createPlaylist(page.request, unique('Mine '), [song._id]);
  await page.goto(`/player/${playlist._id}`);
  await downloadCollection(page, playlist.name);
  expect(await downloadCaches(page)).toHaveLength(1);

  await page.getByRole('button', { name: `Account menu for ${listener.username}` }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await downloadCaches(page)).toEqual([]);
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('musicify-offline')),
  );
  expect(kept).toEqual([]);

  const next = await createAccount(page.request);
  await signIn(page, next);
  await page.goto('/downloads');
  await expect(page.getByText('No downloads yet')).toBeVisible();
  await page.goto(`/player/${playlist._id}`);
  await expect(
    page.getByRole('button', { name: `Download “${playlist.name}” for offline listening` }),
  ).toBeVisible();
});

test('a song from its menu and an album download; the Downloads page lists and removes them', async ({
  page,
  listener,
}) => {
  expect(listener.username).toBeTruthy();
  await page.goto('/songs');
  const menu = row(page, 'Midnight Harbour').getByRole('button', {
    name: 'More options for Midnight Harbour',
  });
  await menu.click();
  await page.getByRole('menuitem', { name: 'Download for offline' }).click();
  await expect(row(page, 'Midnight Harbour').getByText('Downloaded')).toBeAttached({
    timeout: 20_000,
  });

  const albums = await page.request.get('/api/albums?sort=name');
  const album = ((await albums.json()) as { albums: { _id: string; name: string }[] }).albums[0];
  if (!album) throw new Error('the test library has no albums');
  await page.goto(`/album/${album._id}`);
  await downloadCollection(page, album.name);

  await page.getByRole('link', { name: 'Downloads' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  // The album's own songs are listed below it, each linking the album too.
  const collections = page.getByRole('region', { name: 'Playlists and albums' });
  await expect(collections.getByRole('link', { name: album.name })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Downloaded songs' }).getByText('Midnight Harbour'),
  ).toBeVisible();
  await expect(page.getByText(/Musicify uses .* of the .* this browser allows/)).toBeVisible();

  await page.getByRole('button', { name: `Remove “${album.name}” from downloads` }).click();
  await expect(collections).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Downloaded songs' }).getByText('Midnight Harbour'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Remove all' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove all downloads?' })
    .getByRole('button', { name: 'Remove all' })
    .click();
  await expect(page.getByText('No downloads yet')).toBeVisible();
  expect(
    await page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('musicify-downloads-'));
      const cache = names[0] ? await caches.open(names[0]) : null;
      return cache ? (await cache.keys()).length : 0;
    }),
  ).toBe(0);
});

test('Install app appears in the account menu when the browser offers it', async ({
  page,
  signedIn,
}) => {
  await page.goto('/home');
  const menu = page.getByRole('button', { name: `Account menu for ${signedIn.username}` });
  await menu.click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  await menu.click();

  // What Chrome fires when the app can be installed; its prompt is recorded.
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  });
  await menu.click();
  await page.getByRole('button', { name: 'Install app' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted))
    .toBe(true);
  await menu.click();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

test('the app is installable: a manifest with its icons, and a service worker always revalidated', async ({
  page,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.json');
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toContain('application/json');
  const manifest = (await res.json()) as {
    name: string;
    display: string;
    start_url: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Musicify',
    display: 'standalone',
    start_url: '/home',
    theme_color: '#09090b',
    background_color: '#09090b',
  });
  const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
  expect(icons).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const img = await page.request.get(icon.src);
    expect(img.status(), icon.src).toBe(200);
    expect(img.headers()['content-type']).toBe('image/png');
  }
  const sw = await page.request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toContain('javascript');
});
