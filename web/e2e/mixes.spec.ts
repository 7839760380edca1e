import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { audioState, expectTimeAdvancing, mediaFile, songNamed } from './helpers';

/** The titles of a list of songs, in order. */
function titles(page: Page, list: string) {
  return page.getByRole('list', { name: list, exact: true }).locator('.song-row__title');
}

// The mixes made for a person from what they play: Home's "Made for you"
// row, a mix's page, playing it and keeping it as a playlist.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('On Repeat and Discover Weekly are made from the plays, played and kept', async ({
      page,
      listener,
    }) => {
      expect(listener.username).not.toBe('');
      const often = await songNamed(page.request, 'Midnight Harbour');
      const twice = await songNamed(page.request, 'Velvet Highway');
      const now = Date.now();
      // Three and two listens in the last hours: both are on repeat, the first first.
      for (const [song, hoursAgo] of [
        [often, 5],
        [often, 4],
        [often, 3],
        [twice, 2],
        [twice, 1],
      ] as const) {
        const res = await page.request.post('/api/view/increase', {
          data: { song: song._id, at: now - hoursAgo * 3_600_000 },
        });
        expect(res.status(), await res.text()).toBe(200);
      }

      await page.goto('/home');
      const row = page.getByRole('list', { name: 'Made for you' });
      await expect(row.getByRole('article', { name: 'On Repeat' })).toContainText('2 songs');
      await expect(row.getByRole('article', { name: 'Discover Weekly' })).toBeVisible();
      // The demo's songs were added today, and these are by an artist just played.
      await expect(row.getByRole('article', { name: 'Release Radar' })).toBeVisible();
      // Nothing was played long enough ago for a rewind: no empty card.
      await expect(row.getByRole('article', { name: 'Repeat Rewind' })).toHaveCount(0);
      await expect(row.getByRole('article', { name: 'Daily Mix 1' })).toBeVisible();
      await row.getByRole('article', { name: 'On Repeat' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: `/tmp/shots/home-mixes-${viewport.width}x${viewport.height}.png`,
      });

      await row.getByRole('link', { name: 'On Repeat' }).click();
      await expect(page).toHaveURL(/\/mix\/on-repeat$/);
      await expect(page.getByRole('heading', { level: 1, name: 'On Repeat' })).toBeVisible();
      await expect(titles(page, 'On Repeat')).toHaveText([often.song, twice.song]);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: `/tmp/shots/mix-${viewport.width}x${viewport.height}.png`,
      });
      // The page fits the screen: nothing scrolls sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Play all' }).click();
      await expect
        .poll(async () => mediaFile((await audioState(page)).src))
        .toBe(mediaFile(often.audio));
      await expectTimeAdvancing(page);

      // Kept as a playlist: it opens, with the same songs.
      await page.getByRole('button', { name: 'Keep as playlist' }).click();
      await expect(page).toHaveURL(/\/player\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('On Repeat · ');

      // Discover Weekly: songs never played, so neither of those two.
      await page.goto('/mix/discover-weekly');
      await expect(page.getByRole('heading', { level: 1, name: 'Discover Weekly' })).toBeVisible();
      const weekly = titles(page, 'Discover Weekly');
      await expect.poll(() => weekly.count()).toBeGreaterThan(0);
      const found = await weekly.allTextContents();
      expect(found).not.toContain(often.song);
      expect(found).not.toContain(twice.song);

      await page.goto('/mix/daily-mix-9');
      await expect(page.getByText('There is no such mix')).toBeVisible();

      // Daily Mix 1: the taste of the two songs played (one artist, one
      // genre), the favourites first, finds between them, each row saying why.
      await page.goto('/home');
      await row.getByRole('link', { name: 'Daily Mix 1' }).click();
      await expect(page).toHaveURL(/\/mix\/daily-mix-1$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Daily Mix 1' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('Neon Harbor');
      const daily = page.getByRole('list', { name: 'Daily Mix 1', exact: true });
      await expect(titles(page, 'Daily Mix 1').first()).toHaveText(often.song);
      await expect(daily.locator('.song-row__note').first()).toHaveText('One of your favourites');
      await expect(daily).toContainText(`Because you played ${often.song}`);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: `/tmp/shots/daily-mix-${viewport.width}x${viewport.height}.png`,
      });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
    });
  });
}
