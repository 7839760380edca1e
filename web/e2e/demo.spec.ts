import { expect, test } from '@playwright/test';
import { playerBar } from './helpers';

test('a newcomer signs in as the demo listener and plays the seeded music', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('musicify-demo');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/songs');
  const rows = page.getByRole('listitem').filter({ hasText: 'Midnight Harbour' });
  await expect(rows).toHaveCount(1);
  // Artists show the names they go by, with their capitals, not their handles.
  await expect(rows.first()).toContainText('Neon Harbor');
  // 24 songs by 6 artists with 4 songs each, every song with its own cover.
  const artists = (await (await page.request.get('/api/search/allartist')).json()) as {
    name: string;
    songs: number;
    userId: string;
    username: string;
  }[];
  // Uploaders only: the e2e server also imports a small library folder.
  const demoArtists = artists.filter(
    (a) => a.userId !== '' && a.username !== 'demo' && !a.username.startsWith('e2e'),
  );
  expect(demoArtists.map((a) => [a.name, a.username, a.songs])).toEqual(
    [
      ['Neon Harbor', 'neon-harbor'],
      ['Paper Moons', 'paper-moons'],
      ['Pixel Parade', 'pixel-parade'],
      ['Sleepy Kettle', 'sleepy-kettle'],
      ['The Blue Hours', 'the-blue-hours'],
      ['Willow Creek', 'willow-creek'],
    ].map((n) => [...n, 4]),
  );
  const demoNames = new Set(demoArtists.map((a) => a.name));
  const songs = (await (await page.request.get('/api/search/all')).json()) as {
    artist: string;
    cover: string;
  }[];
  const demoSongs = songs.filter((s) => demoNames.has(s.artist));
  expect(new Set(demoSongs.map((s) => s.cover)).size).toBe(24);
  await page.goto('/artist');
  for (const artist of [
    'Sleepy Kettle',
    'Neon Harbor',
    'Paper Moons',
    'Pixel Parade',
    'Willow Creek',
    'The Blue Hours',
  ]) {
    await expect(page.getByRole('main')).toContainText(artist);
  }

  await page.goto('/songs');
  await rows.first().getByText('Midnight Harbour', { exact: true }).click();
  // The demo songs are albums, so with the app's defaults the song may play
  // gaplessly through Web Audio rather than an <audio> element: the seek bar
  // moves on either path.
  const bar = playerBar(page);
  await expect(bar).toContainText('Midnight Harbour');
  const seek = bar.getByRole('slider', { name: 'Seek' });
  await expect
    .poll(async () => Number(await seek.inputValue()), { timeout: 10_000 })
    .toBeGreaterThan(0.5);
  await expect(bar.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect(Number(await seek.getAttribute('max'))).toBeGreaterThan(30);
});
