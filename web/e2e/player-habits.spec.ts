import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  audioState,
  chooseSpeed,
  createPlaylist,
  expectTimeAdvancing,
  fixture,
  mediaFile,
  playerBar,
  uploadSong,
  songNamed,
  unique,
  type Account,
  type SongJSON,
} from './helpers';

/** Opens the listener's artist page, where only their own songs are listed (newest first). */
async function playAll(page: Page, account: Account) {
  await page.goto(`/artist/${account.username}`);
  await expect(page.getByRole('button', { name: 'Play all' })).toBeEnabled();
  await page.getByRole('button', { name: 'Play all' }).click();
}

async function currentTime(page: Page) {
  return (await audioState(page)).currentTime;
}

/** Waits until the player's audio plays `song` and its time moves on. */
async function expectPlaying(page: Page, song: SongJSON) {
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(song.audio));
  await expectTimeAdvancing(page);
}

declare global {
  interface Window {
    /** What the app gave the Media Session, recorded by the init script below. */
    __ms: {
      handlers: Partial<Record<MediaSessionAction, MediaSessionActionHandler>>;
      positions: (MediaPositionState | null)[];
    };
  }
}

test.describe('Media Session', () => {
  test.beforeEach(async ({ page }) => {
    // Keep every handler the app registers, and every position it reports.
    await page.addInitScript(() => {
      const session = navigator.mediaSession;
      const handlers: Window['__ms']['handlers'] = {};
      const positions: Window['__ms']['positions'] = [];
      const setAction = session.setActionHandler.bind(session);
      session.setActionHandler = (action, handler) => {
        if (handler) handlers[action] = handler;
        else delete handlers[action];
        setAction(action, handler);
      };
      const setPosition = session.setPositionState.bind(session);
      session.setPositionState = (state?: MediaPositionState) => {
        positions.push(state ?? null);
        setPosition(state);
      };
      window.__ms = { handlers, positions };
    });
  });

  test('shows the song and its album, and every handler moves the real audio', async ({
    page,
    listener,
  }) => {
    const tune = await uploadSong(page.request, 'Tune', fixture('audio', 'tune-12s.mp3'));
    const tagged = (await uploadSong(
      page.request,
      'Afterglow',
      fixture('audio', 'album-track2.mp3'),
      fixture('images', 'cover.png'),
    )) as SongJSON & { album: string; coverSmall: string };
    expect(tagged.album).toBe('Low Tide Tapes');
    await playAll(page, listener);
    await expectPlaying(page, tagged);

    const metadata = () =>
      page.evaluate(() => {
        const m = navigator.mediaSession.metadata;
        return m
          ? {
              title: m.title,
              artist: m.artist,
              album: m.album,
              artwork: m.artwork.map((a) => ({ src: a.src, sizes: a.sizes })),
            }
          : null;
      });
    await expect.poll(async () => (await metadata())?.title).toBe('Afterglow');
    const meta = (await metadata())!;
    expect(meta.artist).toBe(listener.username.replace(/-/g, ' '));
    expect(meta.album).toBe('Low Tide Tapes');
    expect(meta.artwork.map((a) => a.sizes)).toEqual(['160x160', '320x320', '640x640']);
    const cover = (size: number) => meta.artwork.find((a) => a.sizes === `${size}x${size}`)!.src;
    expect(mediaFile(cover(640))).toBe(mediaFile(tagged.cover));
    expect(mediaFile(cover(160))).toBe(mediaFile(tagged.coverSmall));
    expect(mediaFile(cover(320))).toBe(mediaFile(tagged.cover).replace('-640.jpg', '-320.jpg'));
    for (const size of [160, 640]) {
      expect((await page.request.get(cover(size))).status()).toBe(200);
    }

    const handlers = await page.evaluate(() => Object.keys(window.__ms.handlers).sort());
    expect(handlers).toEqual(
      expect.arrayContaining([
        'nexttrack',
        'pause',
        'play',
        'previoustrack',
        'seekbackward',
        'seekforward',
        'seekto',
      ]),
    );
    const call = (details: MediaSessionActionDetails) =>
      page.evaluate((d) => window.__ms.handlers[d.action]!(d), details);

    await call({ action: 'nexttrack' });
    await expectPlaying(page, tune);
    await expect.poll(async () => (await metadata())?.title).toBe('Tune');
    expect((await metadata())?.album).toBe('');

    await page.evaluate(() => {
      window.__ms.positions.length = 0;
    });
    await call({ action: 'seekto', seekTime: 6 });
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(6);
    // The lock screen hears where the song is, how long it is and how fast it plays.
    // The element reports it a moment after the seek, so a few hundredths past 6.
    await expect
      .poll(() =>
        page.evaluate(() =>
          window.__ms.positions.some(
            (p) => p !== null && Math.abs((p.position ?? 0) - 6) < 0.5 && p.playbackRate === 1,
          ),
        ),
      )
      .toBe(true);
    const last = await page.evaluate(() => window.__ms.positions.at(-1));
    expect(last?.duration).toBeCloseTo(12, 0);

    await call({ action: 'pause' });
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await expect(playerBar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const paused = await currentTime(page);

    await call({ action: 'seekforward', seekOffset: 3 });
    await expect.poll(() => currentTime(page)).toBeCloseTo(paused + 3, 1);
    await call({ action: 'seekbackward' });
    // Back 10 s from about 9: the start.
    await expect.poll(() => currentTime(page)).toBe(0);

    await call({ action: 'play' });
    await expectPlaying(page, tune);

    // Early in the song, previous goes to the song before.
    await call({ action: 'previoustrack' });
    await expectPlaying(page, tagged);
  });
});

test('repeat cycles off, all, one with the button and R, repeats the song, and survives a reload', async ({
  page,
  listener,
}) => {
  const chime = await uploadSong(page.request, 'Chime', fixture('audio', 'chime-3s.mp3'));
  await playAll(page, listener);
  await expectPlaying(page, chime);
  const bar = playerBar(page);

  await bar.getByRole('button', { name: 'Repeat: off' }).click();
  const repeatAll = bar.getByRole('button', { name: 'Repeat: all' });
  await expect(repeatAll).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('r');
  const repeatOne = bar.getByRole('button', { name: 'Repeat: one' });
  await expect(repeatOne).toHaveAttribute('aria-pressed', 'true');
  await expect(repeatOne).toHaveAttribute('data-repeat', 'one');

  // Repeat one: the end of the song plays it again, from the top.
  await expect.poll(() => currentTime(page)).toBeGreaterThan(2);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeLessThan(1);
  await expectPlaying(page, chime);

  // The mode is saved with the player and comes back after a reload.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('musicify.player.'));
        return key ? (JSON.parse(localStorage.getItem(key)!) as { repeat?: string }).repeat : null;
      }),
    )
    .toBe('one');
  await page.reload();
  await expect(bar.getByRole('button', { name: 'Repeat: one' })).toBeVisible();
  await page.keyboard.press('R');
  await expect(bar.getByRole('button', { name: 'Repeat: off' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('the sleep timer counts down, pauses when it runs out, and can be cancelled', async ({
  page,
  listener,
}) => {
  await page.clock.install();
  const chime = await uploadSong(page.request, 'Chime', fixture('audio', 'chime-3s.mp3'));
  await playAll(page, listener);
  await expectPlaying(page, chime);
  const bar = playerBar(page);
  // Repeat one: the song plays until something pauses it.
  await bar.getByRole('button', { name: 'Repeat: off' }).click();
  await bar.getByRole('button', { name: 'Repeat: all' }).click();

  await bar.getByRole('button', { name: 'Sleep timer' }).click();
  const menu = page.getByRole('menu', { name: 'Sleep timer' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'End of song',
    '15 minutes',
    '30 minutes',
    '60 minutes',
  ]);
  await menu.getByRole('menuitem', { name: '15 minutes' }).click();
  const timer = bar.getByRole('button', { name: /^Sleep timer: 1[45]:\d\d left$/ });
  await expect(timer).toBeVisible();

  await page.clock.fastForward('05:00');
  await expect(
    bar.getByRole('button', { name: /^Sleep timer: (10:00|9:5\d) left$/ }),
  ).toBeVisible();
  expect((await audioState(page)).paused).toBe(false);
  await page.clock.fastForward('10:00');
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Sleep timer' })).toBeVisible();

  // Set, then turned off: play goes on past the time.
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page, chime);
  await bar.getByRole('button', { name: 'Sleep timer' }).click();
  await page.getByRole('menuitem', { name: '30 minutes' }).click();
  await bar.getByRole('button', { name: /^Sleep timer: .* left$/ }).click();
  await page.getByRole('menuitem', { name: 'Turn off sleep timer' }).click();
  await expect(bar.getByRole('button', { name: 'Sleep timer' })).toBeVisible();
  await page.clock.fastForward('31:00');
  await expectPlaying(page, chime);

  // End of song: the song that plays ends, and play pauses instead of repeating it.
  // Set while paused at its start, so the 3-second song can neither end before the label
  // is read nor before it is seen playing again.
  await bar.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.evaluate(() => {
    document.querySelector('audio')!.currentTime = 0;
  });
  await bar.getByRole('button', { name: 'Sleep timer' }).click();
  await page.getByRole('menuitem', { name: 'End of song' }).click();
  await expect(
    bar.getByRole('button', { name: 'Sleep timer: pauses at the end of the song' }),
  ).toBeVisible();
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page, chime);
  await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(true);
  expect(await currentTime(page)).toBe(0);
  await expect(bar.getByRole('button', { name: 'Sleep timer' })).toBeVisible();
});

test('? opens the keyboard shortcuts, a dialog that keeps the focus and closes with Escape', async ({
  page,
  listener,
}) => {
  expect(listener.username).not.toBe('');
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Before any song: ? works all the same.
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  const keys = dialog.locator('kbd');
  // Each key, and the name a screen reader hears for the arrows and '?'.
  await expect(keys).toHaveText([
    'Space',
    '←Left arrow',
    '→Right arrow',
    '↑Up arrow',
    '↓Down arrow',
    'M',
    'N',
    'P',
    'R',
    '?Question mark',
    '/Slash',
    'Ctrl+K',
  ]);
  for (const text of [
    'Play or pause',
    'Next song',
    'Repeat: off, all, one',
    'Mute or unmute',
    'Search',
  ]) {
    await expect(dialog).toContainText(text);
  }
  const close = dialog.getByRole('button', { name: 'Close keyboard shortcuts' });
  await expect(close).toBeFocused();
  // The page behind is inert: Tab never reaches it. Past the dialog's last
  // control the browser's own toolbar may take the focus, as native modal
  // dialogs allow; the next Tab comes back into the dialog.
  const focusOutsideDialog = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return !!active && active !== document.body && !active.closest('dialog');
    });
  await page.keyboard.press('Tab');
  expect(await focusOutsideDialog()).toBe(false);
  if (!(await close.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab');
  }
  await expect(close).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // And from the player bar's button, once a song plays; focus returns to it.
  const chime = await uploadSong(page.request, 'Chime', fixture('audio', 'chime-3s.mp3'));
  await playAll(page, listener);
  await expectPlaying(page, chime);
  const button = playerBar(page).getByRole('button', { name: 'Keyboard shortcuts' });
  await button.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

/** The listener's name as the app shows it: hyphens read as spaces. */
const shownName = (account: Account) => account.username.replace(/-/g, ' ');

test('the tab title follows the song that plays, on every page, paused or not', async ({
  page,
  listener,
}) => {
  const chime = await uploadSong(page.request, 'Chime', fixture('audio', 'chime-3s.mp3'));
  const tune = await uploadSong(page.request, 'Tune', fixture('audio', 'tune-12s.mp3'));
  await page.goto(`/artist/${listener.username}`);
  await expect(page.getByRole('button', { name: 'Play all' })).toBeEnabled();
  // Nothing loaded yet: the page's own title.
  await expect(page).toHaveTitle(`${shownName(listener)} · Musicify`);

  await page.getByRole('button', { name: 'Play all' }).click();
  await expectPlaying(page, tune);
  await expect(page).toHaveTitle(`Tune — ${shownName(listener)} · Musicify`);

  // Another page sets its own title: the song's stays over it.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`Tune — ${shownName(listener)} · Musicify`);

  const bar = playerBar(page);
  await bar.getByRole('button', { name: 'Next' }).click();
  await expectPlaying(page, chime);
  await expect(page).toHaveTitle(`Chime — ${shownName(listener)} · Musicify`);
  await bar.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await nav.getByRole('link', { name: 'Songs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`Chime — ${shownName(listener)} · Musicify`);
});

test('the speed menu sets the audio’s rate, shows the one chosen, works from the keyboard and is kept', async ({
  page,
  listener,
}) => {
  const tune = await uploadSong(page.request, 'Tune', fixture('audio', 'tune-12s.mp3'));
  await playAll(page, listener);
  await expectPlaying(page, tune);
  const bar = playerBar(page);
  const button = bar.getByRole('button', { name: 'Playback speed: 1×' });
  await expect(button).toHaveText('1×');
  // A button, not a second slider beside the volume.
  await expect(bar.getByRole('slider')).toHaveCount(2);

  await button.click();
  const menu = page.getByRole('menu', { name: 'Playback speed' });
  const speeds = menu.getByRole('menuitemradio');
  await expect(speeds).toHaveText(['0.5×', '0.75×', '1×', '1.25×', '1.5×', '2×']);
  await expect(menu.getByRole('menuitemradio', { name: '1×', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await menu.getByRole('menuitemradio', { name: '1.5×' }).click();
  await expect(menu).toBeHidden();
  await expect.poll(async () => (await audioState(page)).playbackRate).toBe(1.5);
  await expect(bar.getByRole('button', { name: 'Playback speed: 1.5×' })).toHaveText('1.5×');

  // From the keyboard: the menu opens on the speed chosen; ↓ and Enter take the next one.
  await bar.getByRole('button', { name: /^Playback speed/ }).focus();
  await page.keyboard.press('Enter');
  const chosen = menu.getByRole('menuitemradio', { name: '1.5×' });
  await expect(chosen).toBeFocused();
  await expect(chosen).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await audioState(page)).playbackRate).toBe(2);
  await expect(bar.getByRole('button', { name: 'Playback speed: 2×' })).toBeFocused();

  // The speed is saved with the player and comes back after a reload.
  await page.reload();
  await expect(bar.getByRole('button', { name: 'Playback speed: 2×' })).toBeVisible();
  await chooseSpeed(page, '0.5×');
  await expect.poll(async () => (await audioState(page)).playbackRate).toBe(0.5);
});

/** Creates a station that started a second ago, as the user of the page. */
async function createStation(page: Page, name: string) {
  const res = await page.request.post('/api/radio/create', {
    multipart: {
      name,
      date: new Date(Date.now() - 1_000).toISOString(),
      audio: {
        name: 'station.mp3',
        mimeType: 'audio/mpeg',
        buffer: fs.readFileSync(fixture('audio', 'tune-12s.mp3')),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The station's own <audio>, apart from the song player's. */
function stationAudio(page: Page) {
  return page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('audio.radio-audio');
    return a ? { volume: a.volume, muted: a.muted, paused: a.paused } : null;
  });
}

async function tuneIn(page: Page, name: string) {
  await page.goto('/join');
  await page
    .getByRole('list', { name: 'Stations' })
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Join ${name}` })
    .click();
  await expect.poll(async () => (await stationAudio(page))?.paused).toBe(false);
}

test('the station bar has the player’s volume control, and it turns the station’s audio', async ({
  page,
  listener,
}) => {
  expect(listener.username).not.toBe('');
  const name = unique('Volume FM ');
  await createStation(page, name);
  await tuneIn(page, name);
  await expect(page).toHaveTitle(`${name} — Live radio · Musicify`);

  // On another page, with only the bar left to turn it.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Home', exact: true })
    .click();
  const bar = playerBar(page);
  await expect(bar).toContainText(name);
  await expect(page).toHaveTitle(`${name} — Live radio · Musicify`);
  const volume = bar.getByRole('slider', { name: 'Volume' });
  await expect(volume).toHaveValue('100');
  // Heard at full volume once it has found its place in the loop.
  await expect.poll(async () => (await stationAudio(page))?.volume, { timeout: 15_000 }).toBe(1);

  await volume.fill('40');
  await expect.poll(async () => (await stationAudio(page))?.volume).toBeCloseTo(0.4, 5);
  await bar.getByRole('button', { name: 'Mute' }).click();
  await expect.poll(async () => (await stationAudio(page))?.muted).toBe(true);
  await expect(volume).toHaveValue('0');
  await bar.getByRole('button', { name: 'Unmute' }).click();
  await expect.poll(async () => (await stationAudio(page))?.muted).toBe(false);
  await expect(volume).toHaveValue('40');
  // The keys turn the station too, not the paused song player.
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await stationAudio(page))?.volume).toBeCloseTo(0.5, 5);
  await expect(volume).toHaveValue('50');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no page scrolls sideways', async ({ page, listener }) => {
    test.setTimeout(90_000);
    const tune = await uploadSong(page.request, 'Tune', fixture('audio', 'tune-12s.mp3'));
    const harbour = await songNamed(page.request, 'Midnight Harbour');
    const playlist = await createPlaylist(page.request, unique('Road trip '), [
      harbour._id,
      tune._id,
    ]);
    const name = unique('Phone FM ');
    await createStation(page, name);

    // With the mini bar showing, as it does all day.
    await playAll(page, listener);
    await expectPlaying(page, tune);
    await page.goto('/albums');
    const album = await page.locator('main a[href^="/album/"]').first().getAttribute('href');
    expect(album).not.toBeNull();

    const pages: [string, (p: Page) => Promise<void>][] = [
      ['/home', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/songs', async (p) => expect(p.getByText('Midnight Harbour').first()).toBeVisible()],
      ['/albums', async (p) => expect(p.locator('main a[href^="/album/"]').first()).toBeVisible()],
      [album!, async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/artist', async (p) => expect(p.locator('main a[href^="/artist/"]').first()).toBeVisible()],
      [
        `/artist/${listener.username}`,
        async (p) => expect(p.getByRole('button', { name: 'Play all' })).toBeVisible(),
      ],
      ['/playlist', async (p) => expect(p.getByText(playlist.name).first()).toBeVisible()],
      [
        `/player/${playlist._id}`,
        async (p) => expect(p.getByText('Midnight Harbour').first()).toBeVisible(),
      ],
      [
        '/search?q=Midnight',
        async (p) => expect(p.locator('main').getByText('Midnight Harbour').first()).toBeVisible(),
      ],
      ['/join', async (p) => expect(p.getByText(name).first()).toBeVisible()],
      ['/settings', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/upload', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/allusers', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    ];
    const overflows: string[] = [];
    for (const [path, loaded] of pages) {
      await page.goto(path);
      await loaded(page);
      await expect(playerBar(page)).toBeVisible();
      const wide = await page.evaluate(() => {
        const doc = document.documentElement;
        if (doc.scrollWidth <= doc.clientWidth) return null;
        // Name what sticks out, so a failure says where to look.
        const out = [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 0.5)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
        return `${doc.scrollWidth} > ${doc.clientWidth}: ${out.join(', ')}`;
      });
      if (wide) overflows.push(`${path}: ${wide}`);
    }
    expect(overflows).toEqual([]);
  });
});
