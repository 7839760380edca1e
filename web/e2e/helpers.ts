import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
  kind: 'sign-up' | 'password reset',
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
  const check = await request.post('/api/auth/cheak', { data: account });
  expect(check.status(), await check.text()).toBe(200);
  const otp = await mailedCode(request, account.email, 'sign-up');
  const signup = await request.post('/api/auth/signup', { data: { ...account, otp } });
  expect(signup.status(), await signup.text()).toBe(200);
  return account;
}

/** Signs the page's browser context in (the session cookie lands in its jar). */
export async function signIn(page: Page, account: Account) {
  const res = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
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

/** Uploads a song through the API as the signed-in user of `request`. */
export async function uploadSong(
  request: APIRequestContext,
  name: string,
  audio: string,
  cover?: string,
): Promise<SongJSON> {
  const multipart: Record<string, string | ReturnType<typeof part>> = {
    song: name,
    audio: part(audio),
  };
  if (cover) multipart.cover = part(cover);
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

/** The player's one <audio> element, as the browser sees it. */
export function audioState(page: Page): Promise<AudioState> {
  return page.evaluate(() => {
    const a = document.querySelector('audio');
    if (!a) throw new Error('no <audio> element');
    const { src, currentTime, duration, paused, playbackRate, volume, muted } = a;
    return { src, currentTime, duration, paused, playbackRate, volume, muted };
  });
}

/** The player bar (desktop) or the mini bar (phone). */
export function playerBar(page: Page) {
  return page.getByRole('region', { name: 'Player' });
}
