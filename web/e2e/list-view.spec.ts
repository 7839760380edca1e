import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createPlaylist, type SongJSON } from './helpers';

/** The song names of a list, top to bottom. */
function titles(page: Page, list: string) {
  return page.getByRole('list', { name: list }).locator('.song-row__title');
}

async function demoSongs(request: APIRequestContext): Promise<SongJSON[]> {
  const res = await request.get('/api/search/all');
  expect(res.status()).toBe(200);
  return ((await res.json()) as SongJSON[]).slice(0, 4);
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a playlist sorts and filters, remembers it, and reorders only in its own order', async ({
      page,
      listener,
    }) => {
      expect(listener.username).not.toBe('');
      const songs = await demoSongs(page.request);
      const list = await createPlaylist(
        page.request,
        'Sorting',
        songs.map((s) => s._id),
      );
      const names = songs.map((s) => s.song);
      const label = 'Songs in Sorting';
      await page.goto(`/player/${list._id}`);
      await expect(titles(page, label)).toHaveText(names);
      // The hints under the list are left out on a phone, so they are only looked up.
      await expect(page.getByText('Drag a song by its handle to reorder')).toBeAttached();

      await page.getByLabel(`Sort ${label} by`).selectOption('Title');
      await expect(titles(page, label)).toHaveText([...names].sort(byName));
      await expect(page.getByText('Choose Playlist order and clear the filter')).toBeAttached();
      await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(0);

      const word = names[2]!.split(' ')[0]!;
      await page.getByRole('searchbox', { name: `Filter ${label}` }).fill(word);
      const matching = names.filter((n) => n.toLowerCase().includes(word.toLowerCase()));
      await expect(titles(page, label)).toHaveText([...matching].sort(byName));

      if (process.env.SHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/list-view-${viewport.width}x${viewport.height}.png`,
        });
      }

      // Back on the page later: the same view.
      await page.reload();
      await expect(page.getByRole('searchbox', { name: `Filter ${label}` })).toHaveValue(word);
      await expect(page.getByLabel(`Sort ${label} by`)).toHaveValue('title');
      await expect(titles(page, label)).toHaveText([...matching].sort(byName));

      await page.getByRole('button', { name: 'Clear the filter' }).click();
      await page.getByLabel(`Sort ${label} by`).selectOption('Playlist order');
      await expect(titles(page, label)).toHaveText(names);
      await expect(page.getByText('Drag a song by its handle to reorder')).toBeAttached();
    });

    test('Liked Songs and Songs sort by date added and title, and filter', async ({
      page,
      listener,
    }) => {
      expect(listener.username).not.toBe('');
      const songs = await demoSongs(page.request);
      for (const s of songs) {
        const res = await page.request.post('/api/like/add', { data: { song: s._id } });
        expect(res.status()).toBe(200);
      }
      await page.goto('/likes');
      const label = 'Liked Songs';
      await expect(titles(page, label)).toHaveCount(songs.length);
      await page.getByLabel(`Sort ${label} by`).selectOption('Date added');
      const res = await page.request.get('/api/like/all');
      const liked = (await res.json()) as (SongJSON & { createdAt: string })[];
      const newest = [...liked]
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
        .map((s) => s.song);
      await expect(titles(page, label)).toHaveText(newest);

      await page.getByRole('searchbox', { name: `Filter ${label}` }).fill('zzzz no such song');
      await expect(page.getByText('No liked songs match “zzzz no such song”')).toBeVisible();
      await page.getByRole('button', { name: 'Clear the filter' }).first().click();
      await expect(titles(page, label)).toHaveCount(songs.length);

      await page.goto('/songs');
      await page.getByLabel('Sort Songs by').selectOption('Title');
      const shown = await titles(page, 'Songs').allTextContents();
      expect(shown.length).toBeGreaterThan(3);
      expect(shown).toEqual([...shown].sort(byName));
    });
  });
}
