import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  audioState,
  expectTimeAdvancing,
  fixture,
  mediaFile,
  playerBar,
  uploadSong,
  type SongJSON,
} from './helpers';

// Timed lyrics for the 12 s tune: a line every 1.5 s, so playback moves the
// highlight within a test's patience, and enough lines that the later ones
// start out of view. The [ar:] tag and the offset are read, not shown.
const words = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight'];
const lrc = [
  '[ar:Test Singer]',
  '[offset:+0]',
  ...words.map((w, i) => {
    const ms = i * 1500;
    const stamp = `${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}.${String((ms % 1000) / 10).padStart(2, '0')}`;
    return `[${stamp}]Line ${w}`;
  }),
].join('\n');

/** Where a screenshot of the view goes, when the run asks for them. */
const shots = process.env.MUSICIFY_E2E_SHOTS;

/** Uploads the tune with timed lyrics and plays it from the listener's artist page. */
async function playTimedTune(page: Page, username: string): Promise<SongJSON> {
  const tune = await uploadSong(
    page.request,
    'Sung Tune',
    fixture('audio', 'tune-12s.mp3'),
    fixture('images', 'cover.png'),
    lrc,
  );
  await page.goto(`/artist/${username}`);
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(tune.audio));
  await expectTimeAdvancing(page);
  return tune;
}

/** Whether a line shows wholly inside the lyrics' scrolling box: the view scrolled to it. */
function inLyricsBox(line: Locator): Promise<boolean> {
  return line.evaluate((el) => {
    const box = el.closest('.lyrics__scroll')?.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return !!box && r.top >= box.top && r.bottom <= box.bottom;
  });
}

/** The lyrics of the open now-playing view follow playback, and a click on a line seeks there. */
async function expectLyricsFollowAndSeek(page: Page) {
  const view = page.getByRole('dialog', { name: 'Now playing' });
  await expect(view.getByRole('heading', { name: 'Sung Tune' })).toBeVisible();
  const lyrics = view.getByRole('region', { name: 'Lyrics' });
  const line = (w: string) => lyrics.getByRole('button', { name: `Line ${w}`, exact: true });
  await expect(lyrics.getByRole('button')).toHaveCount(words.length);
  await expect(lyrics).not.toContainText('Test Singer');

  // Paused, a click on a line moves the audio element exactly there, and
  // the highlight and the scroll follow: a later line, then the first.
  await view.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await line('Eight').click();
  await expect.poll(async () => (await audioState(page)).currentTime).toBeCloseTo(10.5, 1);
  await expect(line('Eight')).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => inLyricsBox(line('Eight'))).toBe(true);
  await line('One').click();
  await expect.poll(async () => (await audioState(page)).currentTime).toBeCloseTo(0, 1);
  await expect(line('One')).toHaveAttribute('aria-current', 'true');

  // Playing, real playback moves the highlight on, one line at a time.
  await view.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(line('Two')).toHaveAttribute('aria-current', 'true');
  await expect(line('Three')).toHaveAttribute('aria-current', 'true');
  await expect(lyrics.locator('[aria-current="true"]')).toHaveCount(1);
  await expect.poll(() => inLyricsBox(line('Three'))).toBe(true);
}

test('the desktop bar opens now playing, whose synced lyrics follow the song and seek', async ({
  page,
  listener,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await playTimedTune(page, listener.username);

  // The title in the bar opens the view; so does the cover.
  await playerBar(page).getByRole('button', { name: 'Sung Tune', exact: true }).click();
  await expectLyricsFollowAndSeek(page);
  const view = page.getByRole('dialog', { name: 'Now playing' });
  if (shots) {
    await scrollSettled(page);
    await page.screenshot({ path: `${shots}/lyrics-desktop.png` });
  }
  await view.getByRole('button', { name: 'Close now playing' }).click();
  await expect(view).toBeHidden();
  await playerBar(page)
    .getByRole('button', { name: /^Open now playing: Sung Tune/ })
    .click();
  await expect(view.getByRole('region', { name: 'Lyrics' })).toBeVisible();
});

test('a song without lyrics says so', async ({ page, listener }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await uploadSong(page.request, 'Wordless', fixture('audio', 'chime-3s.mp3'));
  await page.goto(`/artist/${listener.username}`);
  await page.getByRole('button', { name: 'Play all' }).click();
  await playerBar(page)
    .getByRole('button', { name: /^Open now playing: Wordless/ })
    .click();
  const lyrics = page
    .getByRole('dialog', { name: 'Now playing' })
    .getByRole('region', { name: 'Lyrics' });
  await expect(lyrics).toContainText('No lyrics for this song');
  await expect(lyrics.getByRole('button')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mini bar opens now playing with the synced lyrics below the controls', async ({
    page,
    listener,
  }) => {
    await playTimedTune(page, listener.username);
    await playerBar(page)
      .getByRole('button', { name: /^Open now playing: Sung Tune/ })
      .click();
    const view = page.getByRole('dialog', { name: 'Now playing' });
    await expect(view.getByRole('slider', { name: 'Seek' })).toBeVisible();
    await view.getByRole('region', { name: 'Lyrics' }).scrollIntoViewIfNeeded();
    await expectLyricsFollowAndSeek(page);
    if (shots) {
      await scrollSettled(page);
      await page.screenshot({ path: `${shots}/lyrics-phone-lyrics.png` });
      await view.getByRole('button', { name: 'Close now playing' }).focus();
      await page.evaluate(() => document.querySelector('.now')?.scrollTo({ top: 0 }));
      await page.screenshot({ path: `${shots}/lyrics-phone.png` });
    }
  });
});

/** A still frame for a screenshot: paused on the fourth line, the scroll to it done. */
async function scrollSettled(page: Page) {
  const view = page.getByRole('dialog', { name: 'Now playing' });
  await view.getByRole('button', { name: 'Pause', exact: true }).click();
  await view.getByRole('button', { name: 'Line Four', exact: true }).click();
  await page.mouse.move(0, 0);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const box = document.querySelector('.lyrics__scroll');
        if (!box) return false;
        const a = box.scrollTop;
        return new Promise<boolean>((r) =>
          requestAnimationFrame(() => requestAnimationFrame(() => r(box.scrollTop === a))),
        );
      }),
    )
    .toBe(true);
}
