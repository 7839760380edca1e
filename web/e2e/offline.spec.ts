import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  audioState,
  createAccount,
  createPlaylist,
  mediaFile,
  signIn,
  songNamed,
  unique,
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
  await page
    .getByRole('button', { name: `Download “${playlist.name}” for offline listening` })
    .click();
  await expect(
    page.getByRole('button', { name: `Downloaded: remove “${playlist.name}” from downloads` }),
  ).toBeVisible({ timeout: 20_000 });
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

test('logging out deletes the downloads: the next account on this browser has none', async ({
  page,
  listener,
}) => {
  const song = await songNamed(page.request, 'Midnight Harbour');
  const playlist = await createPlaylist(page.request, unique('Mine '), [song._id]);
  await page.goto(`/player/${playlist._id}`);
  await page
    .getByRole('button', { name: `Download “${playlist.name}” for offline listening` })
    .click();
  await expect(
    page.getByRole('button', { name: `Downloaded: remove “${playlist.name}” from downloads` }),
  ).toBeVisible({ timeout: 20_000 });
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
  await page
    .getByRole('button', { name: `Download “${album.name}” for offline listening` })
    .click();
  await expect(
    page.getByRole('button', { name: `Downloaded: remove “${album.name}” from downloads` }),
  ).toBeVisible({ timeout: 20_000 });

  await page.getByRole('link', { name: 'Downloads' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  await expect(page.getByRole('link', { name: album.name })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Downloaded songs' }).getByText('Midnight Harbour'),
  ).toBeVisible();
  await expect(page.getByText(/Musicify uses .* of the .* this browser allows/)).toBeVisible();

  await page.getByRole('button', { name: `Remove “${album.name}” from downloads` }).click();
  await expect(page.getByRole('link', { name: album.name })).toHaveCount(0);
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
