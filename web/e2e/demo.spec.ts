import { expect, test } from '@playwright/test';
import { audioState } from './helpers';

test('a newcomer signs in as the demo listener and plays the seeded music', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('musicify-demo');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/songs');
  const rows = page.getByRole('listitem').filter({ hasText: 'Midnight Harbour' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('neon harbor');
  // 24 songs by 6 artists with 4 songs each, every song with its own cover.
  const artists = (await (await page.request.get('/api/search/allartist')).json()) as {
    name: string;
    songs: number;
    userId: string;
  }[];
  // Uploaders only: the e2e server also imports a small library folder.
  const demoArtists = artists.filter(
    (a) => a.userId !== '' && a.name !== 'demo' && !a.name.startsWith('e2e'),
  );
  expect(demoArtists.map((a) => [a.name, a.songs])).toEqual(
    [
      'neon-harbor',
      'paper-moons',
      'pixel-parade',
      'sleepy-kettle',
      'the-blue-hours',
      'willow-creek',
    ].map((n) => [n, 4]),
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
    'sleepy kettle',
    'neon harbor',
    'paper moons',
    'pixel parade',
    'willow creek',
    'the blue hours',
  ]) {
    await expect(page.getByRole('main')).toContainText(new RegExp(artist, 'i'));
  }

  await page.goto('/songs');
  await rows.first().getByText('Midnight Harbour', { exact: true }).click();
  await expect
    .poll(async () => (await audioState(page)).currentTime, { timeout: 10_000 })
    .toBeGreaterThan(0.5);
  const state = await audioState(page);
  expect(state.paused).toBe(false);
  expect(state.duration).toBeGreaterThan(30);
});
