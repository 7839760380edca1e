import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';

/** The headers the browser got for a response, as the network saw them. */
async function headersOf(res: Response) {
  const h = await res.allHeaders();
  return {
    encoding: h['content-encoding'] ?? '',
    vary: (h['vary'] ?? '').toLowerCase(),
    cache: h['cache-control'] ?? '',
    type: h['content-type'] ?? '',
  };
}

test('the app is sent precompressed and cached by its hashed names, and /login logs no error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const assets: Response[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/assets/')) assets.push(res);
  });

  const doc = await page.goto('/login');
  expect(doc).not.toBeNull();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The page carries the visitor's session check and names the sign-in
  // page's own scripts, so they load with the entry script; it depends on
  // who asks, so it is never stored.
  const index = await headersOf(doc!);
  expect(index.cache).toBe('no-store');
  expect(index.type).toContain('text/html');
  const html = await doc!.text();
  expect(html).toContain(
    '<script id="musicify-boot" type="application/json">{"/api/auth/session":{"user":null}}</script>',
  );
  // The sign-in pages are one chunk (web/build-plugins/shell-chunk.ts).
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/auth-[\w-]+\.js">/);

  const scripts = assets.filter((r) => r.url().endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(1);
  for (const res of [...scripts, ...assets.filter((r) => r.url().endsWith('.css'))]) {
    const h = await headersOf(res);
    expect(h.cache, res.url()).toBe('public, max-age=31536000, immutable');
    // Chromium asks for br (and gzip): every text asset worth it comes as
    // brotli; the build leaves files under 1 KB as they are.
    if ((await res.body()).length < 1024) continue;
    expect(h.encoding, res.url()).toBe('br');
    expect(h.vary, res.url()).toContain('accept-encoding');
  }
  // The entry script is among them.
  const entry = scripts.find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.url()));
  expect(entry).toBeDefined();
  expect((await headersOf(entry!)).encoding).toBe('br');
  // The same file, asked for gzip only, comes gzipped.
  const gz = await page.request.get(entry!.url(), {
    headers: { 'Accept-Encoding': 'gzip' },
  });
  expect(gz.headers()['content-encoding']).toBe('gzip');

  expect(errors).toEqual([]);
});

test('API answers over 1 KB are compressed, and Home shows WebP covers of the right size', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.username).not.toBe('');
  const covers: Response[] = [];
  const asked: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/media/covers/')) covers.push(res);
  });
  page.on('request', (req) => asked.push(new URL(req.url()).pathname));
  const doc = await page.goto('/home');

  // Home's rows and the profile come inside the page: not asked again.
  await expect(page.getByRole('list', { name: 'Recommended artists' })).toBeVisible();
  for (const api of [
    '/api/auth/profile',
    '/api/recommend/all',
    '/api/recommend/artist',
    '/api/albums',
    '/api/feed',
  ]) {
    expect(asked, api).not.toContain(api);
  }

  // Asked for as the app asks later (a listen refreshes them), they come compressed.
  const songs = await page.request.get('/api/recommend/all', {
    headers: { 'Accept-Encoding': 'br, gzip' },
  });
  expect(songs.ok()).toBe(true);
  expect(songs.headers()['content-type']).toContain('application/json');
  expect(songs.headers()['content-encoding']).toBe('br');
  expect(songs.headers()['vary']?.toLowerCase()).toContain('accept-encoding');

  // The first cards' covers load at once, the first one fetched first.
  const first = page.getByRole('list', { name: 'Recommended artists' }).locator('img').first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // A card is under 200 CSS pixels wide at a pixel ratio of 1: the 320 px WebP, not the 640 JPEG.
  const src = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(src).toMatch(/\/media\/covers\/[0-9a-f]{24}-320\.webp$/);
  const cover = covers.find((r) => r.url() === src);
  expect(cover).toBeDefined();
  // The page named that cover for preloading, and the browser used what it
  // preloaded: one download, not two.
  const key = new URL(src).pathname.replace(/-320\.webp$/, '');
  expect(await doc!.text()).toContain(`imagesrcset="${key}-160.webp 160w, ${key}-320.webp 320w`);
  expect(covers.filter((r) => r.url() === src)).toHaveLength(1);
  const h = await headersOf(cover!);
  expect(h.type).toBe('image/webp');
  expect(h.encoding).toBe('');
  expect(h.cache).toBe('public, max-age=31536000, immutable');
});
