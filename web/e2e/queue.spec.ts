import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  audioState,
  createPlaylist,
  expectTimeAdvancing,
  fixture,
  mediaFile,
  playerBar,
  songNamed,
  unique,
  uploadSong,
  type SongJSON,
} from './helpers';

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Goes to a page of the app the way its links do: no reload, so the music goes on. */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Picks an item of a song row's menu. */
async function fromSongMenu(page: Page, song: string, item: 'Play next' | 'Add to queue') {
  await page
    .getByRole('button', { name: `More options for ${song}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

function upNextRows(page: Page) {
  return page.getByRole('list', { name: 'Up next' }).getByRole('listitem');
}

/** The names of the Up next rows, in order. */
async function upNextNames(page: Page): Promise<string[]> {
  return upNextRows(page).evaluateAll((rows) =>
    rows.map((row) => row.querySelector('.qrow__title')?.textContent ?? ''),
  );
}

async function expectPlaying(page: Page, song: Pick<SongJSON, 'audio'>) {
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(song.audio));
  await expectTimeAdvancing(page);
}

/** Jumps the playing audio to just before its end, as if the song had played through. */
async function nearTheEnd(page: Page) {
  await page.evaluate(() => {
    const a =
      document.querySelector<HTMLAudioElement>('audio[data-current]') ??
      document.querySelector('audio');
    if (a && Number.isFinite(a.duration)) a.currentTime = Math.max(0, a.duration - 0.4);
  });
}

async function albumNamed(request: APIRequestContext, name: string) {
  const res = await request.get('/api/albums?sort=name&limit=500');
  expect(res.status(), await res.text()).toBe(200);
  const { albums } = (await res.json()) as { albums: { _id: string; name: string }[] };
  const album = albums.find((a) => a.name === name);
  if (!album) throw new Error(`no album called ${name}`);
  const one = await request.get(`/api/albums/${album._id}`);
  const { songs } = (await one.json()) as { songs: SongJSON[] };
  return { id: album._id, songs: songs.map((s) => s.song) };
}

for (const size of sizes) {
  test.describe(`at ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test('Play next and Add to queue line songs up from song menus and an album', async ({
      page,
      listener,
    }) => {
      test.slow();
      const alpha = await uploadSong(page.request, 'Alpha', fixture('audio', 'tune-12s.mp3'));
      await uploadSong(page.request, 'Bravo', fixture('audio', 'chime-3s.mp3'));
      await uploadSong(page.request, 'Charlie', fixture('audio', 'hum-4s.opus'));
      const album = await albumNamed(page.request, 'Summer Tide 3');

      await page.goto(`/artist/${listener.username}`);
      await expect(page.getByRole('button', { name: 'Play all' })).toBeEnabled();
      // Nothing plays yet: the song waits in the bar, paused, without a surprise start.
      await fromSongMenu(page, 'Alpha', 'Add to queue');
      await expect(toast(page, 'Added to queue')).toBeVisible();
      await expect(playerBar(page)).toContainText('Alpha');
      expect((await audioState(page)).paused).toBe(true);

      await fromSongMenu(page, 'Bravo', 'Add to queue');
      await fromSongMenu(page, 'Charlie', 'Play next');
      await expect(toast(page, 'Playing next')).toBeVisible();

      await goInApp(page, `/album/${album.id}`);
      const albumQueue = page.getByRole('button', { name: 'Queue options for Summer Tide 3' });
      await albumQueue.click();
      await page.getByRole('menuitem', { name: 'Play next' }).click();
      await albumQueue.click();
      await page.getByRole('menuitem', { name: 'Add to queue' }).click();

      await goInApp(page, '/queue');
      await expect(page.getByRole('list', { name: 'Now playing' })).toContainText('Alpha');
      await expect
        .poll(() => upNextNames(page))
        .toEqual([...album.songs, 'Charlie', 'Bravo', ...album.songs]);

      // Play starts the queue at its first song; Next goes on to the album's first track.
      await playerBar(page).getByRole('button', { name: 'Play', exact: true }).click();
      await expectPlaying(page, alpha);
      await playerBar(page).getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('list', { name: 'Now playing' })).toContainText(album.songs[0]!);
    });

    test('the queue reorders by keyboard and by drag while the song plays on', async ({
      page,
      signedIn,
    }) => {
      test.slow();
      expect(signedIn.username).not.toBe('');
      const names = ['Midnight Harbour', 'Velvet Highway', 'Late Train to Lisbon', 'Tea at 3 AM'];
      const songs = await Promise.all(names.map((n) => songNamed(page.request, n)));
      const playlist = await createPlaylist(
        page.request,
        unique('Queue '),
        songs.map((s) => s._id),
      );
      await page.goto(`/player/${playlist._id}`);
      await page.getByRole('button', { name: 'Play all' }).click();
      await expectPlaying(page, songs[0]!);

      await goInApp(page, '/queue');
      await expect.poll(() => upNextNames(page)).toEqual(names.slice(1));
      const started = (await audioState(page)).currentTime;

      // The grip moves its row with the arrow keys, and a live region says where it went.
      await page.getByRole('button', { name: 'Reorder Tea at 3 AM' }).press('ArrowUp');
      await expect
        .poll(() => upNextNames(page))
        .toEqual(['Velvet Highway', 'Tea at 3 AM', 'Late Train to Lisbon']);
      await expect(
        page.getByText('Moved “Tea at 3 AM” to position 2 of 3 in Up next.'),
      ).toBeAttached();

      // The row's menu has Move up and Move down.
      await page.getByRole('button', { name: 'More options for Velvet Highway' }).click();
      await page.getByRole('menuitem', { name: 'Move down' }).click();
      await expect
        .poll(() => upNextNames(page))
        .toEqual(['Tea at 3 AM', 'Velvet Highway', 'Late Train to Lisbon']);

      // Alt+↓ from any control of a row moves it too.
      await page.getByRole('button', { name: 'Play Tea at 3 AM now' }).press('Alt+ArrowDown');
      await expect
        .poll(() => upNextNames(page))
        .toEqual(['Velvet Highway', 'Tea at 3 AM', 'Late Train to Lisbon']);

      // Drag the last row's grip above the first.
      const grip = page.getByRole('button', { name: 'Reorder Late Train to Lisbon' });
      const first = upNextRows(page).first();
      const from = (await grip.boundingBox())!;
      const to = (await first.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 8 });
      await page.mouse.up();
      await expect
        .poll(() => upNextNames(page))
        .toEqual(['Late Train to Lisbon', 'Velvet Highway', 'Tea at 3 AM']);

      // The song that played never stopped or started over…
      expect(mediaFile((await audioState(page)).src)).toBe(mediaFile(songs[0]!.audio));
      expect((await audioState(page)).currentTime).toBeGreaterThan(started);
      await expectTimeAdvancing(page);
      // …and what follows it is the new first row.
      await playerBar(page).getByRole('button', { name: 'Next' }).click();
      await expectPlaying(page, songs[2]!);
    });

    test('Recently played lists a song once it has played', async ({ page, listener }) => {
      test.slow();
      const tune = await uploadSong(page.request, 'Heard Lately', fixture('audio', 'tune-12s.mp3'));
      await page.goto(`/artist/${listener.username}`);
      await page.getByRole('button', { name: 'Play all' }).click();
      await expectPlaying(page, tune);

      // A listen counts after 10 seconds of playing; then the song is in the list.
      const recent = async () => {
        const res = await page.request.get('/api/me/recent');
        return ((await res.json()) as SongJSON[]).map((s) => s._id);
      };
      await expect.poll(recent, { timeout: 20_000 }).toEqual([tune._id]);

      if (size.name === 'desktop') {
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Recently played' })
          .click();
      } else {
        await goInApp(page, '/recent');
      }
      await expect(page.getByRole('heading', { level: 1, name: 'Recently played' })).toBeVisible();
      const list = page.getByRole('list', { name: 'Recently played' });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list).toContainText('Heard Lately');
      // It plays from there.
      await page.getByRole('button', { name: 'Play all' }).click();
      await expectPlaying(page, tune);
    });
  });

  test.describe(`autoplay at ${size.viewport.width}×${size.viewport.height}`, () => {
    // The app's own default: on.
    test.use({ viewport: size.viewport, autoplay: null });

    test('autoplay continues with similar songs after the last song', async ({
      page,
      signedIn,
    }) => {
      test.slow();
      expect(signedIn.username).not.toBe('');
      const seed = await songNamed(page.request, 'Midnight Harbour');
      const playlist = await createPlaylist(page.request, unique('Seed '), [seed._id]);
      await page.goto(`/player/${playlist._id}`);
      await page.getByRole('button', { name: 'Play all' }).click();
      await expectPlaying(page, seed);

      await goInApp(page, '/queue');
      await expect(page.getByRole('switch', { name: 'Autoplay' })).toBeChecked();
      await expect(page.getByText('Similar songs play when your queue ends')).toBeVisible();
      // The last song plays: songs like it are added after it, under autoplay's own heading.
      await expect.poll(() => upNextRows(page).count()).toBeGreaterThan(0);
      await expect(
        page.getByRole('list', { name: 'Up next' }).getByRole('heading', { name: 'Autoplay' }),
      ).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: `/tmp/shots/queue-autoplay-${size.viewport.width}x${size.viewport.height}.png`,
      });
      const [following] = await upNextNames(page);
      expect(following).not.toBe('Midnight Harbour');

      await nearTheEnd(page);
      await expect(page.getByRole('list', { name: 'Now playing' })).toContainText(following!);
      await expect(playerBar(page)).toContainText(following!);
      await expectTimeAdvancing(page);
    });

    test('with autoplay off in Settings, play stops after the last song', async ({
      page,
      signedIn,
    }) => {
      test.slow();
      expect(signedIn.username).not.toBe('');
      const seed = await songNamed(page.request, 'Midnight Harbour');
      const playlist = await createPlaylist(page.request, unique('Seed '), [seed._id]);
      await page.goto('/settings');
      const inSettings = page.getByRole('switch', { name: 'Autoplay' });
      await expect(inSettings).toBeChecked();
      await inSettings.click();
      await expect(inSettings).not.toBeChecked();

      await goInApp(page, `/player/${playlist._id}`);
      await page.getByRole('button', { name: 'Play all' }).click();
      await expectPlaying(page, seed);
      await goInApp(page, '/queue');
      await expect(page.getByRole('switch', { name: 'Autoplay' })).not.toBeChecked();
      await expect(page.getByText('Nothing after this song.')).toBeVisible();

      await nearTheEnd(page);
      await expect(
        playerBar(page).getByRole('button', { name: 'Play', exact: true }),
      ).toBeVisible();
      await expect.poll(async () => (await audioState(page)).paused).toBe(true);
      expect(mediaFile((await audioState(page)).src)).toBe(mediaFile(seed.audio));
      await expect(upNextRows(page)).toHaveCount(0);
    });
  });
}
