import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  chooseSpeed,
  audioState,
  expectTimeAdvancing,
  fixture,
  mediaFile,
  playerBar,
  uploadSong,
  type Account,
  type SongJSON,
} from './helpers';

/** Uploads a 12 s tune and then a 3 s chime: the artist page lists the chime first. */
async function twoSongs(page: Page) {
  const tune = await uploadSong(
    page.request,
    'Tune',
    fixture('audio', 'tune-12s.mp3'),
    fixture('images', 'cover.png'),
  );
  const chime = await uploadSong(page.request, 'Chime', fixture('audio', 'chime-3s.mp3'));
  return { tune, chime };
}

/** Opens the listener's artist page, where only their own songs are listed. */
async function openArtist(page: Page, account: Account) {
  await page.goto(`/artist/${account.username}`);
  await expect(page.getByRole('button', { name: 'Play all' })).toBeEnabled();
}

/** Waits until the audio element plays `song` and its time moves on. */
async function expectPlaying(page: Page, song: SongJSON) {
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(song.audio));
  await expectTimeAdvancing(page);
  await expect(playerBar(page)).toContainText(song.song);
}

async function currentTime(page: Page) {
  return (await audioState(page)).currentTime;
}

/** The loudness the player knows for the current song, from its saved queue; undefined before a save. */
async function savedLoudness(page: Page): Promise<number | null | undefined> {
  const saved = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('musicify.player.'));
    return key ? localStorage.getItem(key) : null;
  });
  const state = JSON.parse(saved ?? '{}') as {
    queue?: { loudness: number | null }[];
    index?: number;
  };
  return state.queue?.[state.index ?? 0]?.loudness ?? null;
}

test('a song plays, seeks, skips 10 s, and follows the speed and volume sliders', async ({
  page,
  listener,
}) => {
  const { tune } = await twoSongs(page);
  await openArtist(page, listener);
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Tune' })
    .getByText('Tune', { exact: true })
    .click();
  await expectPlaying(page, tune);

  const bar = playerBar(page);
  await expect(bar.getByRole('button', { name: 'Playback speed: 1×' })).toBeVisible();
  await expect(bar.getByRole('slider', { name: 'Volume' })).toHaveValue('100');

  await bar.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);

  await bar.getByRole('slider', { name: 'Seek' }).fill('1');
  await expect.poll(() => currentTime(page)).toBeCloseTo(1, 1);
  await bar.getByRole('button', { name: 'Skip forward 10 seconds' }).click();
  await expect.poll(() => currentTime(page)).toBeCloseTo(11, 1);
  await expect(bar).toContainText('0:11');
  await bar.getByRole('button', { name: 'Skip back 10 seconds' }).click();
  await expect.poll(() => currentTime(page)).toBeCloseTo(1, 1);

  await chooseSpeed(page, '1.5×');
  await expect.poll(async () => (await audioState(page)).playbackRate).toBe(1.5);
  await expect(bar.getByRole('button', { name: 'Playback speed: 1.5×' })).toHaveText('1.5×');

  await bar.getByRole('slider', { name: 'Volume' }).fill('50');
  // Loud songs are turned down towards -14 LUFS once the server has measured them.
  const gain = (l: number | null | undefined) =>
    l === null || l === undefined ? 1 : Math.min(1, 10 ** ((-14 - l) / 20));
  // The measurement may land while the test runs: compare volume and
  // loudness read together, until they agree.
  await expect
    .poll(async () => {
      const loudness = await savedLoudness(page);
      return Math.abs((await audioState(page)).volume - 0.5 * gain(loudness));
    })
    .toBeLessThan(0.001);

  // Keyboard: Space plays, M mutes; nothing fires while typing in the search box.
  await page.getByRole('heading', { level: 1 }).click(); // focus leaves the slider
  await page.keyboard.press('Space');
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  await page.keyboard.press('m');
  await expect.poll(async () => (await audioState(page)).muted).toBe(true);
  await page.getByRole('searchbox', { name: 'Search...' }).fill('m n p');
  await expect.poll(async () => (await audioState(page)).muted).toBe(true);
  await expect(bar).toContainText('Tune');
});

test('next and previous change the song, and the end of a song starts the next', async ({
  page,
  listener,
}) => {
  const { tune, chime } = await twoSongs(page);
  await openArtist(page, listener);
  await page.getByRole('button', { name: 'Play all' }).click();
  await expectPlaying(page, chime);

  const bar = playerBar(page);
  await bar.getByRole('button', { name: 'Next' }).click();
  await expectPlaying(page, tune);
  // Past 3 seconds, Previous takes the song back to its start.
  await bar.getByRole('slider', { name: 'Seek' }).fill('8');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(8);
  await bar.getByRole('button', { name: 'Previous' }).click();
  await expect.poll(() => currentTime(page)).toBeLessThan(3);
  expect(mediaFile((await audioState(page)).src)).toBe(mediaFile(tune.audio));
  // Before 3 seconds, it goes to the song before.
  await bar.getByRole('slider', { name: 'Seek' }).fill('0');
  await bar.getByRole('button', { name: 'Previous' }).click();
  await expectPlaying(page, chime);

  // On the first song Previous is there too, and restarts it.
  await bar.getByRole('button', { name: 'Pause' }).click();
  await bar.getByRole('slider', { name: 'Seek' }).fill('2');
  await expect.poll(() => currentTime(page)).toBeCloseTo(2, 1);
  await bar.getByRole('button', { name: 'Previous' }).click();
  await expect.poll(() => currentTime(page)).toBe(0);
  expect(mediaFile((await audioState(page)).src)).toBe(mediaFile(chime.audio));
  await bar.getByRole('button', { name: 'Play', exact: true }).click();

  await bar.getByRole('slider', { name: 'Seek' }).fill('2.6');
  await expectPlaying(page, tune);
  expect(await currentTime(page)).toBeLessThan(3);

  // The end of the last song stops play; the bar keeps the song, back at its start.
  await bar.getByRole('slider', { name: 'Seek' }).fill('11.5');
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await expect(bar).toContainText('Tune');
  expect(mediaFile((await audioState(page)).src)).toBe(mediaFile(tune.audio));
  await expect.poll(() => currentTime(page)).toBe(0);
});

test('a listen counts once, after 10 seconds of playing', async ({ page, listener }) => {
  const tune = await uploadSong(page.request, 'Counted', fixture('audio', 'tune-12s.mp3'));
  await openArtist(page, listener);
  await page.getByRole('button', { name: 'Play all' }).click();
  const bar = playerBar(page);
  const seek = bar.getByRole('slider', { name: 'Seek' });
  // Twice the speed: 10 s of the song in 5 s.
  await chooseSpeed(page, '2×');
  await expectPlaying(page, tune);

  const count = async () => {
    const res = await page.request.get(`/api/songs/${tune._id}`);
    return ((await res.json()) as SongJSON).count;
  };
  const reach = (seconds: number) =>
    expect.poll(() => currentTime(page), { intervals: [100] }).toBeGreaterThanOrEqual(seconds);

  // 6 s played, then back to the start: not counted yet, and the jump adds nothing.
  await reach(6);
  expect(await count()).toBe(0);
  await seek.fill('0');
  await expect.poll(count, { timeout: 10_000, intervals: [250] }).toBe(1);
  // Back to the start once more and on to the end: over 20 s of one play count once.
  await seek.fill('0');
  // The row's count refreshes.
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Counted' }).getByTitle('1 play'),
  ).toBeVisible();
  // The end of the queue: play stops and the bar stays.
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(bar).toContainText('Counted');
  expect(await count()).toBe(1);
});

test('the queue page lists the queue, and a click jumps there', async ({ page, listener }) => {
  const { tune, chime } = await twoSongs(page);
  await openArtist(page, listener);
  await page.getByRole('button', { name: 'Play all' }).click();
  await expectPlaying(page, chime);

  await playerBar(page).getByRole('link', { name: 'Queue' }).click();
  await expect(page).toHaveURL(/\/queue$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Now playing' })).toContainText('Chime');
  const upNext = page.getByRole('list', { name: 'Up next' });
  await expect(upNext.getByRole('listitem')).toHaveText([/Tune/]);

  await upNext.getByRole('button', { name: 'Play Tune now' }).click();
  await expectPlaying(page, tune);
  await expect(page.getByRole('list', { name: 'Now playing' })).toContainText('Tune');
  await expect(page.getByText('Nothing after this song.')).toBeVisible();

  await page.getByRole('button', { name: 'Remove Tune from the queue' }).click();
  await expect(page.getByText('Your queue is empty')).toBeVisible();
  await expect(playerBar(page)).toBeHidden();
});

test('the player keeps playing across pages', async ({ page, listener }) => {
  const { chime, tune } = await twoSongs(page);
  await openArtist(page, listener);
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Tune' })
    .getByRole('button', { name: 'Play Tune' })
    .click();
  await expectPlaying(page, tune);
  expect(chime).toBeTruthy();
  await page.evaluate(() => {
    document.querySelector('audio')!.dataset.e2e = 'the same element';
  });

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of ['Songs', 'Home', 'Artists', 'Profile']) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(playerBar(page)).toContainText('Tune');
  }
  expect(await page.evaluate(() => document.querySelector('audio')?.dataset.e2e)).toBe(
    'the same element',
  );
  await expectPlaying(page, tune);
});

test('a reload brings back the queue and the position, paused', async ({ page, listener }) => {
  const { tune } = await twoSongs(page);
  await openArtist(page, listener);
  await page.getByRole('button', { name: 'Play all' }).click();
  const bar = playerBar(page);
  await bar.getByRole('button', { name: 'Next' }).click();
  await expectPlaying(page, tune);
  await bar.getByRole('slider', { name: 'Seek' }).fill('7');
  await bar.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  const position = await currentTime(page);

  await page.reload();
  await expect(bar).toContainText('Tune');
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect.poll(() => currentTime(page)).toBeCloseTo(position, 1);
  const state = await audioState(page);
  expect(state.paused).toBe(true);
  expect(mediaFile(state.src)).toBe(mediaFile(tune.audio));

  await page.goto('/queue');
  await expect(page.getByRole('list', { name: 'Now playing' })).toContainText('Tune');
  await page
    .getByRole('list', { name: 'Now playing' })
    .getByRole('button', { name: 'Play Tune' })
    .click();
  await expectPlaying(page, tune);
});

test('the shuffle button keeps the current song first and turns off again', async ({
  page,
  listener,
}) => {
  const { chime } = await twoSongs(page);
  await uploadSong(page.request, 'Hum', fixture('audio', 'hum-4s.opus'));
  await openArtist(page, listener);
  await page.getByRole('button', { name: 'Play all' }).click();
  const bar = playerBar(page);
  await expect(bar).toContainText('Hum');
  await bar.getByRole('button', { name: 'Shuffle' }).click();
  await expect(bar.getByRole('button', { name: 'Shuffle' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await bar.getByRole('link', { name: 'Queue' }).click();
  await expect(page.getByRole('list', { name: 'Now playing' })).toContainText('Hum');
  await expect(page.getByRole('list', { name: 'Up next' }).getByRole('listitem')).toHaveCount(2);
  await bar.getByRole('button', { name: 'Shuffle' }).click();
  await expect(page.getByRole('list', { name: 'Up next' }).getByRole('listitem')).toHaveText([
    new RegExp(chime.song),
    /Tune/,
  ]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mini bar opens the now-playing sheet with every control', async ({
    page,
    listener,
  }) => {
    const { chime, tune } = await twoSongs(page);
    await openArtist(page, listener);
    await page.getByRole('button', { name: 'Play all' }).click();
    await expectPlaying(page, chime);

    const bar = playerBar(page);
    await expect(bar.getByRole('slider', { name: 'Seek' })).toBeHidden();
    await bar.getByRole('button', { name: 'Next' }).click();
    await expectPlaying(page, tune);

    await bar.getByRole('button', { name: /^Open now playing/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Now playing' });
    await expect(sheet.getByRole('heading', { name: 'Tune' })).toBeVisible();
    for (const name of ['Seek', 'Volume']) {
      await expect(sheet.getByRole('slider', { name })).toBeVisible();
    }
    await expect(sheet.getByRole('button', { name: 'Playback speed: 1×' })).toBeVisible();
    for (const name of [
      'Shuffle',
      'Previous',
      'Skip back 10 seconds',
      'Pause',
      'Skip forward 10 seconds',
      'Next',
      'Repeat: off',
      'Sleep timer',
    ]) {
      await expect(sheet.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await sheet.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  });
});
