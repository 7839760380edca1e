import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { baseURL } from './env';

export interface Account {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** A name no other test of any run uses: time, process and a counter. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

/**
 * A client address of its own for each account the tests make through the
 * API. The server runs as if behind a proxy (MUSICIFY_TRUST_PROXY, see
 * playwright.config.ts), so its per-address limits on sign-ups and logins
 * count each such client apart, the way they would count real people; what
 * the browser itself does still comes from 127.0.0.1.
 */
export function clientAddress(): string {
  counter += 1;
  // 198.18.0.0/15 is set aside for tests (RFC 2544); the header is all that carries it.
  const n = (process.pid * 31 + counter) % 65_536;
  return `198.18.${n >> 8}.${n & 255}`;
}

export function newAccount(): Account {
  const username = unique('e2e_');
  return { username, email: `${username}@example.com`, password: 'open sesame 1' };
}

interface Mail {
  id: string;
  to: string;
  subject: string;
}

/**
 * Reads the newest code mailed to `email` from the dev outbox, polling
 * briefly. `kind` picks sign-up or reset mails; codes in `seen` are skipped.
 */
export async function mailedCode(
  request: APIRequestContext,
  email: string,
  kind: 'sign-up' | 'password reset' | 'email change',
  seen: string[] = [],
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`);
        const mails = (await res.json()) as Mail[];
        const mail = mails.find(
          (m) =>
            m.subject.includes(`your Musicify ${kind} code`) &&
            !seen.includes(m.subject.slice(0, 6)),
        );
        code = mail ? mail.subject.slice(0, 6) : '';
        return code;
      },
      { timeout: 5_000, intervals: [100, 200, 300] },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** Creates an account through the API, the way the sign-up screens do. */
export async function createAccount(request: APIRequestContext, account = newAccount()) {
  const headers = { 'X-Forwarded-For': clientAddress() };
  const check = await request.post('/api/auth/cheak', { data: account, headers });
  expect(check.status(), await check.text()).toBe(200);
  const otp = await mailedCode(request, account.email, 'sign-up');
  const signup = await request.post('/api/auth/signup', { data: { ...account, otp }, headers });
  expect(signup.status(), await signup.text()).toBe(200);
  return account;
}

/** Fills the registration form (at / or an invitation's link) for `a` and agrees to the terms. */
export async function fillRegistration(page: Page, a: Account) {
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password', { exact: true }).fill(a.password);
  await page.getByLabel('Confirm password').fill(a.password);
  await page.getByLabel('Username').fill(a.username);
  await page.getByLabel('I agree to the Terms and Conditions').check();
}

/** Signs the page's browser context in (the session cookie lands in its jar). */
export async function signIn(page: Page, account: Account) {
  const res = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
    headers: { 'X-Forwarded-For': clientAddress() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The toast region for errors, which holds the latest error message. */
export function errorToast(page: Page) {
  return page.getByRole('alert');
}

export function statusToast(page: Page) {
  return page.getByRole('status').filter({ hasText: /\S/ });
}

const testdata = fileURLToPath(new URL('../../testdata/', import.meta.url));

/** A file of the repository's test data (testdata/audio, testdata/images). */
export function fixture(...parts: string[]): string {
  return path.join(testdata, ...parts);
}

/** The fields of a song the tests read; the full shape is in docs/api.md. */
export interface SongJSON {
  _id: string;
  song: string;
  artist: string;
  audio: string;
  download: string;
  cover: string;
  count: number;
  duration: number;
  loudness: number | null;
}

const mimeTypes: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.opus': 'audio/ogg',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

function part(file: string) {
  return {
    name: path.basename(file),
    mimeType: mimeTypes[path.extname(file)] ?? 'application/octet-stream',
    buffer: fs.readFileSync(file),
  };
}

/** Uploads a song through the API as the signed-in user of `request`, with lyrics when `text` is given. */
export async function uploadSong(
  request: APIRequestContext,
  name: string,
  audio: string,
  cover?: string,
  text?: string,
): Promise<SongJSON> {
  const multipart: Record<string, string | ReturnType<typeof part>> = {
    song: name,
    audio: part(audio),
  };
  if (cover) multipart.cover = part(cover);
  if (text) multipart.text = text;
  const res = await request.post('/api/upload', { multipart });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { song: SongJSON }).song;
}

export interface AudioState {
  src: string;
  currentTime: number;
  duration: number;
  paused: boolean;
  playbackRate: number;
  volume: number;
  muted: boolean;
}

/**
 * The file a media URL names, without its signature: signed URLs differ by
 * session and by the hour they were made, the file does not.
 */
export function mediaFile(url: string): string {
  return new URL(url, 'http://musicify.invalid').pathname;
}

/**
 * The player's current <audio> element, as the browser sees it. The player
 * has two that take turns (the other buffers the next song); the one
 * playing now carries data-current.
 */
export function audioState(page: Page): Promise<AudioState> {
  return page.evaluate(() => {
    const a =
      document.querySelector<HTMLAudioElement>('audio[data-current]') ??
      document.querySelector('audio');
    if (!a) throw new Error('no <audio> element');
    const { src, currentTime, duration, paused, playbackRate, volume, muted } = a;
    return { src, currentTime, duration, paused, playbackRate, volume, muted };
  });
}

/**
 * Waits until the current <audio> plays and its time moves on between two
 * looks. Each look is compared with the one before, not the first: a short
 * song on repeat starts again from 0, and a time read just before its end
 * would otherwise never be passed.
 */
export async function expectTimeAdvancing(page: Page) {
  let last = (await audioState(page)).currentTime;
  await expect
    .poll(async () => {
      const a = await audioState(page);
      const moved = !a.paused && a.currentTime > last;
      last = a.currentTime;
      return moved;
    })
    .toBe(true);
}

/** The player bar (desktop) or the mini bar (phone). */
export function playerBar(page: Page) {
  return page.getByRole('region', { name: 'Player' });
}

/** The fields of a playlist the tests read; the full shape is in docs/api.md. */
export interface PlaylistJSON {
  _id: string;
  name: string;
  owner: string;
  cover: string;
  count: number;
}

/** A song of the demo catalog (or any song) by its exact name. */
export async function songNamed(request: APIRequestContext, name: string): Promise<SongJSON> {
  const res = await request.get('/api/search/all');
  expect(res.status(), await res.text()).toBe(200);
  const song = ((await res.json()) as SongJSON[]).find((s) => s.song === name);
  if (!song) throw new Error(`no song called ${name}`);
  return song;
}

/** Creates a playlist as the user of `request`, with the songs given, in order. */
export async function createPlaylist(
  request: APIRequestContext,
  name: string,
  songIds: string[] = [],
): Promise<PlaylistJSON> {
  const res = await request.post('/api/playlist/create', { data: { name } });
  expect(res.status(), await res.text()).toBe(200);
  const { playlist } = (await res.json()) as { playlist: PlaylistJSON };
  for (const songs of songIds) {
    const add = await request.put('/api/playlist/add', { data: { id: playlist._id, songs } });
    expect(add.status(), await add.text()).toBe(200);
  }
  return playlist;
}

/** The names of a playlist's songs in order, as the server has them. */
export async function playlistOrder(request: APIRequestContext, id: string): Promise<string[]> {
  const res = await request.get(`/api/playlist/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  const [playlist] = (await res.json()) as { songs: SongJSON[] }[];
  return playlist!.songs.map((s) => s.song);
}

/** A request context signed in as `account`, for looking things up beside a signed-out page. */
export async function requestAs(account: Account): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL });
  const res = await request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
    headers: { 'X-Forwarded-For': clientAddress() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return request;
}

/** The demo listener the server seeds: it has playlists, likes and follows of its own. */
export const demoListener: Account = {
  username: 'demo',
  email: 'demo@example.com',
  password: 'musicify-demo',
};

/** A user's playlists, as anyone signed in sees them on their profile. */
export async function playlistsOf(
  request: APIRequestContext,
  username: string,
): Promise<PlaylistJSON[]> {
  const res = await request.post('/api/auth/profile', { data: { username } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { playlist: PlaylistJSON[] }).playlist;
}

/** Chooses a speed ('2×') from the speed menu of the player bar. */
export async function chooseSpeed(page: Page, speed: string) {
  await playerBar(page)
    .getByRole('button', { name: /^Playback speed/ })
    .click();
  await page
    .getByRole('menu', { name: 'Playback speed' })
    .getByRole('menuitemradio', { name: speed, exact: true })
    .click();
}

/**
 * How long each of n Jam changes took to reach another member: from just
 * before the controller's page sends a seek to the moment the member's own
 * live connection announces that version. Both pages read one machine's
 * clock. The member's socket is a second one of theirs, subscribed as the
 * app subscribes; the figures are printed by the callers, not judged.
 */
export async function jamChangeDelays(
  controller: Page,
  member: Page,
  jam: string,
  n: number,
): Promise<number[]> {
  await member.evaluate(async (id) => {
    const w = window as { jamHeard?: Record<number, number> };
    w.jamHeard = {};
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/ws`);
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as { type: string; jam?: string; version?: number };
      if (m.type === 'jam' && m.jam === id && m.version !== undefined) {
        w.jamHeard![m.version] ??= Date.now();
      }
    };
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    ws.send(JSON.stringify({ type: 'jam', jam: id }));
  }, jam);
  // The subscription is in once a change is heard at all.
  const first = await controller.request.post(`/api/jams/${jam}/playback`, {
    data: { action: 'seek', position: 1 },
  });
  expect(first.status(), await first.text()).toBe(200);
  const v0 = ((await first.json()) as { version: number }).version;
  await member.waitForFunction((v) => {
    const heard = (window as { jamHeard?: Record<number, number> }).jamHeard ?? {};
    return Object.keys(heard).some((k) => Number(k) >= v);
  }, v0);
  const delays: number[] = [];
  for (let i = 0; i < n; i++) {
    const sent = await controller.evaluate(
      async ([id, position]) => {
        const at = Date.now();
        const res = await fetch(`/api/jams/${id}/playback`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ action: 'seek', position }),
        });
        if (!res.ok) throw new Error(`seek: ${res.status} ${await res.text()}`);
        return { at, version: ((await res.json()) as { version: number }).version };
      },
      [jam, 1 + (i % 5)] as const,
    );
    const heardAt = await member
      .waitForFunction(
        (v) => (window as { jamHeard?: Record<number, number> }).jamHeard?.[v],
        sent.version,
      )
      .then((h) => h.jsonValue() as Promise<number>);
    delays.push(heardAt - sent.at);
  }
  return delays.sort((a, b) => a - b);
}

/** "p50 … p95 … worst … of n" for a sorted list of milliseconds. */
export function spread(sorted: number[]): string {
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, worst ${sorted[sorted.length - 1] ?? NaN} ms of ${sorted.length}`;
}
