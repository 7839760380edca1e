import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  audioState,
  createPlaylist,
  fixture,
  mediaFile,
  playerBar,
  uploadSong,
  type SongJSON,
} from './helpers';

// The app's own default: gapless albums by Web Audio (the other specs start with it off).
test.use({ gapless: true });

/** What the page saw of the player's two elements (see recordAudio). */
interface AudioEvent {
  /** Which element: its index among the page's <audio> elements. */
  deck: number;
  type: string;
  at: number;
  file: string;
  currentTime: number;
  duration: number;
  volume: number;
  paused: boolean;
  readyState: number;
  /** The other element at that moment. */
  other: { file: string; paused: boolean; readyState: number; currentTime: number };
}

/** A buffer source the page started on an AudioContext (see recordSources). */
interface SourceStart {
  /** Context time it was to start at, and from where in its buffer (seconds). */
  when: number;
  offset: number;
  /** Its buffer's length in sample frames, and the context's rate. */
  frames: number;
  sampleRate: number;
}

declare global {
  interface Window {
    __audioEvents: AudioEvent[];
    __audioTap?: { ctx: AudioContext; gaps: () => Promise<[number, number][]> };
    __sourceStarts?: SourceStart[];
    __appContexts?: AudioContext[];
    /** Seconds of sound the app's tap has heard. */
    __heard?: number;
  }
}

/**
 * Records the events of both <audio> elements with performance.now(), in the
 * capture phase on the document: before the player's own listeners, so an
 * 'ended' is seen as it was, before the player made its change. The player's
 * change shows in a second record, 'changed', taken on the element after
 * the player's listeners ran.
 */
async function recordAudio(page: Page) {
  await page.evaluate(() => {
    window.__audioEvents = [];
    const decks = [...document.querySelectorAll('audio')];
    const file = (el: HTMLAudioElement) => new URL(el.src || 'x:', location.href).pathname;
    const record = (el: HTMLAudioElement, type: string) => {
      const deck = decks.indexOf(el);
      const other = decks[1 - deck]!;
      window.__audioEvents.push({
        deck,
        type,
        at: performance.now(),
        file: file(el),
        currentTime: el.currentTime,
        duration: el.duration,
        volume: el.volume,
        paused: el.paused,
        readyState: el.readyState,
        other: {
          file: file(other),
          paused: other.paused,
          readyState: other.readyState,
          currentTime: other.currentTime,
        },
      });
    };
    for (const type of ['loadstart', 'play', 'playing', 'pause', 'ended', 'timeupdate']) {
      document.addEventListener(
        type,
        (e) => {
          if (e.target instanceof HTMLAudioElement && decks.includes(e.target)) {
            record(e.target, type);
          }
        },
        true,
      );
    }
    decks.forEach((el) => el.addEventListener('ended', () => record(el, 'changed')));
  });
}

const events = (page: Page) => page.evaluate(() => window.__audioEvents);

/**
 * Routes both elements through a Web Audio tap that counts, on the audio
 * clock, each run of silent samples between two sounds: the gaps a listener
 * hears (and, on a loaded machine, the audio thread's own underruns).
 * Measuring only: the player itself does not use Web Audio.
 */
async function installTap(page: Page) {
  await page.evaluate(() => {
    const ctx = new AudioContext();
    // A ScriptProcessorNode rather than a worklet: a worklet's module must
    // come from the app's origin, and this needs nothing from the server.
    const tap = ctx.createScriptProcessor(2048, 1, 1);
    // Each silence between two sounds: [seconds of sound heard before it, its length].
    const gaps: [number, number][] = [];
    let heard = 0;
    let silent = 0;
    tap.onaudioprocess = (e) => {
      const ch = e.inputBuffer.getChannelData(0);
      for (const v of ch) {
        if (Math.abs(v) > 1e-4) {
          if (heard > 0 && silent > 0) gaps.push([heard / ctx.sampleRate, silent / ctx.sampleRate]);
          heard++;
          silent = 0;
        } else if (heard > 0) silent++;
      }
    };
    document.querySelectorAll('audio').forEach((el) => {
      ctx.createMediaElementSource(el).connect(tap);
    });
    tap.connect(ctx.destination);
    window.__audioTap = { ctx, gaps: () => Promise.resolve(gaps) };
  });
}

/**
 * Before the app loads: records each AudioBufferSourceNode.start() and
 * puts a silence tap (as installTap's) between every AudioContext the app
 * makes and its destination, so the tap hears exactly what the app plays.
 */
async function recordSources(page: Page) {
  await page.addInitScript(() => {
    window.__sourceStarts = [];
    window.__appContexts = [];
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (when = 0, offset = 0, duration?: number) {
      window.__sourceStarts!.push({
        when,
        offset,
        frames: this.buffer?.length ?? 0,
        sampleRate: this.context.sampleRate,
      });
      if (duration === undefined) start.call(this, when, offset);
      else start.call(this, when, offset, duration);
    };
    const realDestination = Object.getOwnPropertyDescriptor(
      BaseAudioContext.prototype,
      'destination',
    )!.get!;
    class Tapped extends AudioContext {
      private readonly tap: ScriptProcessorNode;
      constructor(options?: AudioContextOptions) {
        super(options);
        this.tap = this.createScriptProcessor(2048, 1, 1);
        const gaps: [number, number][] = [];
        let heard = 0;
        let silent = 0;
        this.tap.onaudioprocess = (e) => {
          for (const v of e.inputBuffer.getChannelData(0)) {
            if (Math.abs(v) > 1e-4) {
              if (heard > 0 && silent > 0)
                gaps.push([heard / this.sampleRate, silent / this.sampleRate]);
              heard++;
              silent = 0;
            } else if (heard > 0) silent++;
          }
          window.__heard = heard / this.sampleRate;
        };
        this.tap.connect(realDestination.call(this) as AudioDestinationNode);
        window.__appContexts!.push(this);
        window.__audioTap = { ctx: this, gaps: () => Promise.resolve(gaps) };
      }
      override get destination(): AudioDestinationNode {
        return this.tap as unknown as AudioDestinationNode;
      }
    }
    window.AudioContext = Tapped;
  });
}

/** The longest silence the tap heard near each change (2 and 4 s of sound), in ms. */
async function silenceAtChanges(page: Page): Promise<{ atChange: number[]; text: string }> {
  const heard = (await page.evaluate(() => window.__audioTap?.gaps())) ?? [];
  const state = await page.evaluate(() => window.__audioTap?.ctx.state);
  // Each track is 2.000 s of sound: the changes are after 2 and 4 s of it.
  const atChange = [2, 4].map(
    (t) =>
      Math.max(0, ...heard.filter(([at]) => Math.abs(at - t) < 0.1).map(([, len]) => len)) * 1000,
  );
  const text =
    state === 'running'
      ? `${atChange.map((g) => g.toFixed(2)).join(', ')}; longest anywhere ` +
        `${(Math.max(0, ...heard.map(([, len]) => len)) * 1000).toFixed(2)} of ${heard.length} silences`
      : `not measured (audio context ${state})`;
  return { atChange, text };
}

function report(testInfo: TestInfo, type: string, description: string) {
  console.log(`${type}: ${description}`);
  testInfo.annotations.push({ type, description });
}

async function uploadAll(page: Page, files: [string, string][]): Promise<SongJSON[]> {
  const songs: SongJSON[] = [];
  for (const [name, file] of files) songs.push(await uploadSong(page.request, name, file));
  return songs;
}

/** Opens a playlist of `songs` (in order) and plays it from the top. */
async function playInOrder(
  page: Page,
  songs: SongJSON[],
  before?: (playlist: string) => Promise<unknown>,
) {
  const playlist = await createPlaylist(
    page.request,
    'In order',
    songs.map((s) => s._id),
  );
  await page.goto(`/player/${playlist._id}`);
  await expect(page.getByRole('button', { name: 'Play all' })).toBeEnabled();
  await before?.(playlist._id);
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect(playerBar(page)).toContainText(songs[0]!.song);
}

/**
 * Makes the playlist's songs tracks 1, 2, 3… of one album, as an imported
 * album's are: an upload keeps no album tag, and the player takes the Web
 * Audio path only for an album's tracks in order. With `duration`, each
 * also claims that length.
 */
async function asOneAlbum(page: Page, duration?: number) {
  await page.route('**/api/playlist/*', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { songs?: (SongJSON & Record<string, unknown>)[] }[];
    for (const [i, s] of (body[0]?.songs ?? []).entries()) {
      Object.assign(s, { album: 'Sweep', albumId: 'sweep-album', track: i + 1, disc: 1 });
      if (duration) s.duration = duration;
    }
    await route.fulfill({ response: res, json: body });
  });
}

const SWEEPS: [string, string][] = [
  ['Sweep 1', fixture('audio', 'sweep-1.opus')],
  ['Sweep 2', fixture('audio', 'sweep-2.opus')],
  ['Sweep 3', fixture('audio', 'sweep-3.opus')],
];

test('the tracks of a gapless album play back to back on the Web Audio clock', async ({
  page,
  listener,
}, testInfo) => {
  expect(listener).toBeTruthy();
  const songs = await uploadAll(page, SWEEPS);
  await asOneAlbum(page);
  await recordSources(page);
  await playInOrder(page, songs);
  await expect(playerBar(page)).toContainText('Sweep 3', { timeout: 15_000 });
  // The end of the queue: play stops, back at the start of the last track.
  await expect(playerBar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible({
    timeout: 10_000,
  });
  const starts = (await page.evaluate(() => window.__sourceStarts)) ?? [];
  const contexts = await page.evaluate(() => window.__appContexts?.length ?? 0);
  expect(contexts).toBe(1);
  // Each track started once, from its top, and each next one on the very
  // sample frame the one before ran out: no gap, no overlap, by construction.
  expect(starts.map((s) => s.offset)).toEqual([0, 0, 0]);
  const frame = (t: number, rate: number) => t * rate;
  for (const [i, s] of starts.slice(0, -1).entries()) {
    const next = starts[i + 1]!;
    expect(next.sampleRate).toBe(s.sampleRate);
    expect(frame(next.when, s.sampleRate) - frame(s.when, s.sampleRate)).toBeCloseTo(s.frames, 3);
    // The decoded track is the file's 2 s (Opus may pad a few ms at the end).
    expect(s.frames / s.sampleRate).toBeGreaterThanOrEqual(1.99);
    expect(s.frames / s.sampleRate).toBeLessThan(2.05);
  }
  // The elements played no part.
  expect(await page.locator('audio[src]').count()).toBe(0);
  // The tap sits in the app's own graph, which the audio thread renders
  // frame by frame however late it runs: what it hears is what was
  // scheduled, whatever the machine's load (unlike the elements' tap).
  const { atChange, text } = await silenceAtChanges(page);
  report(testInfo, 'gapless (Web Audio): silence heard at each change, audio clock (ms)', text);
  expect(await page.evaluate(() => window.__audioTap?.ctx.state)).toBe('running');
  expect(await page.evaluate(() => window.__heard)).toBeGreaterThan(5.9); // all three tracks
  for (const ms of atChange) expect(ms).toBeLessThanOrEqual(1);
});

test('on the Web Audio path, pause and seek restart the sources from the position', async ({
  page,
  listener,
}) => {
  expect(listener).toBeTruthy();
  // A 12-second track, time enough to pause and seek in it, then a 4-second one.
  const songs = await uploadAll(page, [
    ['Tune', fixture('audio', 'tune-12s.mp3')],
    ['Hum', fixture('audio', 'hum-4s.opus')],
  ]);
  await asOneAlbum(page);
  await recordSources(page);
  await playInOrder(page, songs);
  const bar = playerBar(page);
  const starts = async () => (await page.evaluate(() => window.__sourceStarts)) ?? [];
  await expect.poll(async () => (await starts()).length).toBe(2); // Tune, and Hum behind it
  await bar.getByRole('button', { name: 'Pause', exact: true }).click();
  await bar.getByRole('slider', { name: 'Seek' }).fill('10');
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await starts()).length).toBe(4);
  const [, , again, next] = await starts();
  // Tune again from the second it was moved to, and Hum right behind its end.
  expect(again!.offset).toBeCloseTo(10, 3);
  const left = again!.frames - Math.round(again!.offset * again!.sampleRate);
  expect((next!.when - again!.when) * again!.sampleRate).toBeCloseTo(left, 3);
  await expect(bar).toContainText('Hum', { timeout: 10_000 });
  expect(await page.locator('audio[src]').count()).toBe(0);
});

test('a track too long to decode in memory changes over on the two elements', async ({
  page,
  listener,
}, testInfo) => {
  expect(listener).toBeTruthy();
  const songs = await uploadAll(page, SWEEPS);
  // An album whose tracks say they last an hour: past the limit for decoding.
  await asOneAlbum(page, 3600);
  await playInOrder(page, songs, async () => {
    await recordAudio(page);
    await installTap(page);
  });
  // The click on Play was the gesture that lets the page's audio context run.
  await page.evaluate(() => window.__audioTap?.ctx.resume());
  await expect(playerBar(page)).toContainText('Sweep 3', { timeout: 15_000 });
  await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(true); // the end of the queue
  const log = await events(page);
  const files = songs.map((s) => mediaFile(s.audio));

  const gaps: number[] = [];
  for (const [i, from] of files.slice(0, -1).entries()) {
    const to = files[i + 1]!;
    const ended = log.find((e) => e.type === 'ended' && e.file === from);
    expect(ended, `${from} ended`).toBeTruthy();
    // The next track was buffered before this one ended, from its start.
    expect(ended!.other.file).toBe(to);
    expect(ended!.other.readyState).toBeGreaterThanOrEqual(3); // HAVE_FUTURE_DATA
    expect(ended!.other.currentTime).toBe(0);
    // The player told it to play while handling that 'ended': no wait.
    const changed = log.find((e) => e.type === 'changed' && e.at >= ended!.at);
    expect(changed!.deck).toBe(ended!.deck);
    expect(changed!.other.file).toBe(to);
    expect(changed!.other.paused).toBe(false);
    // And it played what it had buffered, without a new load.
    const incoming = 1 - ended!.deck;
    const after = log.filter((e) => e.deck === incoming && e.at >= ended!.at);
    const playing = after.find((e) => e.type === 'playing');
    expect(playing, `${to} played`).toBeTruthy();
    expect(playing!.file).toBe(to);
    expect(after.filter((e) => e.type === 'loadstart' && e.at <= playing!.at)).toEqual([]);
    // Its time moved on.
    const moved = after.find((e) => e.type === 'timeupdate' && e.currentTime > 0);
    expect(moved?.file, `${to} advanced`).toBe(to);
    gaps.push(playing!.at - ended!.at);
  }
  report(testInfo, 'elements: ended → playing (ms)', gaps.map((g) => g.toFixed(1)).join(', '));
  const { text } = await silenceAtChanges(page);
  report(testInfo, 'elements: silence heard at each change, audio clock (ms)', text);
});

test('with a crossfade, the next song starts before the end and the volumes ramp', async ({
  page,
  listener,
}) => {
  expect(listener).toBeTruthy();
  const [tune, hum] = await uploadAll(page, [
    ['Tune', fixture('audio', 'tune-12s.mp3')],
    ['Hum', fixture('audio', 'hum-4s.opus')],
  ]);

  await page.goto('/settings');
  const playback = page.getByRole('region', { name: 'Playback' });
  const slider = playback.getByRole('slider', { name: 'Crossfade' });
  await expect(slider).toHaveValue('0');
  await expect(playback).toContainText('Off');
  await slider.fill('2');
  await expect(playback).toContainText('2 s');
  // Levelling off: both songs ramp from and to the same full volume.
  await playback.getByRole('switch', { name: 'Normalize volume' }).uncheck();

  await playInOrder(page, [tune!, hum!], () => recordAudio(page));
  const bar = playerBar(page);
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.2);
  // 4 s before the end: the crossfade starts 2 s before it.
  await bar.getByRole('slider', { name: 'Seek' }).fill('8');
  await expect(bar).toContainText('Hum', { timeout: 10_000 });
  await expect
    .poll(
      async () =>
        (await events(page)).some((e) => e.type === 'ended' && e.file === mediaFile(tune!.audio)),
      { timeout: 10_000 },
    )
    .toBe(true);

  const log = await events(page);
  const tuneFile = mediaFile(tune!.audio);
  const humFile = mediaFile(hum!.audio);
  const tuneEnd = log.find((e) => e.type === 'ended' && e.file === tuneFile)!;
  // When Tune ended, Hum had been playing for about the crossfade's 2 s
  // (events may come late on a loaded machine, which only adds to it).
  expect(tuneEnd.other.file).toBe(humFile);
  expect(tuneEnd.other.paused).toBe(false);
  expect(tuneEnd.other.currentTime).toBeGreaterThan(0.5);
  expect(tuneEnd.other.currentTime).toBeLessThan(3.5); // not from the seek, 4 s before the end
  // Meanwhile Tune's volume went down and Hum's up.
  const start = log.find((e) => e.type === 'play' && e.file === humFile)!;
  const during = log.filter(
    (e) => e.type === 'timeupdate' && e.at >= start.at && e.at <= tuneEnd.at && !e.paused,
  );
  const volumes = (file: string) => during.filter((e) => e.file === file).map((e) => e.volume);
  const [tuneVolumes, humVolumes] = [volumes(tuneFile), volumes(humFile)];
  expect(tuneVolumes.length).toBeGreaterThan(1);
  expect(humVolumes.length).toBeGreaterThan(1);
  expect(tuneVolumes.at(-1)!).toBeLessThan(tuneVolumes[0]!);
  expect(humVolumes.at(-1)!).toBeGreaterThan(humVolumes[0]!);
  expect(Math.max(...humVolumes)).toBeLessThan(1);
  // Afterwards Hum plays alone at full volume, and Tune is stopped.
  await expect.poll(async () => (await audioState(page)).volume).toBe(1);
  const after = await audioState(page);
  expect(mediaFile(after.src)).toBe(mediaFile(hum!.audio));
  expect(after.paused).toBe(false);
});

test('loudness normalisation turns a loud song down, and the switch turns it off', async ({
  page,
  listener,
}) => {
  expect(listener).toBeTruthy();
  const loud = await uploadSong(page.request, 'Loud', fixture('audio', 'sweep-1.opus'));
  // The server measures loudness in a background job, which on a busy test
  // server waits behind others (transcriptions): until it has, the playlist
  // carries the figure that job gives this file (ffmpeg's ebur128).
  const measured = -9.8;
  const gain = 10 ** ((-14 - measured) / 20); // about 0.62

  await page.route('**/api/playlist/*', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { songs?: SongJSON[] }[];
    for (const s of body[0]?.songs ?? []) s.loudness ??= measured;
    await route.fulfill({ response: res, json: body });
  });
  await playInOrder(page, [loud]);
  await expect.poll(async () => (await audioState(page)).volume).toBeCloseTo(gain, 3);

  // To the settings and back, through the app: the song keeps playing.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  const normalize = page
    .getByRole('region', { name: 'Playback' })
    .getByRole('switch', { name: 'Normalize volume' });
  await expect(normalize).toBeChecked();
  await normalize.uncheck();
  await expect.poll(async () => (await audioState(page)).volume).toBe(1);
  await normalize.check();
  await expect.poll(async () => (await audioState(page)).volume).toBeCloseTo(gain, 3);
  await normalize.uncheck();

  // The choice is kept in this browser.
  await page.reload();
  await expect(normalize).not.toBeChecked();
  await expect.poll(async () => (await audioState(page)).volume).toBe(1);
});

test('the Gapless albums switch in Settings turns Web Audio gapless off', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.username).not.toBe('');
  await page.goto('/settings');
  const gapless = page.getByRole('switch', { name: 'Gapless albums' });
  await expect(gapless).toBeChecked();
  await gapless.click();
  await expect(gapless).not.toBeChecked();
  const saved = await page.evaluate(
    () => JSON.parse(localStorage.getItem('musicify.playback') ?? '{}') as { gapless?: boolean },
  );
  expect(saved.gapless).toBe(false);
});
