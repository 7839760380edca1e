import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { SubsonicAPI } from 'subsonic-api';
import { chooseSpeed, fillRegistration, playerBar, type Account } from '../e2e/helpers';
import { expect, test } from './fixtures';
import {
  control,
  expectHealthy,
  expectRecommenderTrained,
  heldBack,
  logs,
  mailedCode,
  type Harness,
} from './harness';
import { browse, expectKept, ok, phone, use, type PhoneState } from './phone';
import { tour } from './tour';
import {
  addToPlaylist,
  albumCard,
  listenTo,
  logIn,
  open,
  openAlbum,
  rows,
  search,
  titles,
  expectPlaying,
} from './web';

// Ten minutes of a self-hoster's first day, compressed: the first person
// signs up and is the admin, the library is scanned, every screen shows
// it, they listen in the browser while a Subsonic app on their phone does
// the same, files come and go, the server restarts, the recommender
// learns. After each step: the server is up, its log is clean, no
// background worker panicked. In cluster mode the browser uses instance A
// and the phone B, then the other way round.
test.describe.configure({ mode: 'serial' });

const person: Account = {
  username: 'maria',
  email: 'maria@example.com',
  password: 'a long song 7',
};
const contexts: BrowserContext[] = [];
let web: Page;
let mobile: SubsonicAPI;
let appPassword = '';
let phoneState: PhoneState;

/** Where the browser and the phone go: A and B in cluster mode, else A for both. */
const sides = (h: Harness) => ({ browser: h.a, phone: h.b ?? h.a });

/** What went wrong inside the web app: uncaught errors and console errors. */
const appErrors: string[] = [];

/** A browser window on an instance, whose errors are collected. */
async function openWindow(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => appErrors.push(`${baseURL}: ${e.stack ?? e.message}`));
  page.on('console', (m) => {
    // While an instance restarts on purpose, the browser itself logs the live
    // connection's refused reconnects; the app waits and connects again.
    if (m.type() === 'error' && !/^WebSocket connection to .* failed/.test(m.text())) {
      appErrors.push(`${baseURL}: console: ${m.text()}`);
    }
  });
  return page;
}

test.afterAll(async () => {
  for (const c of contexts) await c.close();
});

test.afterEach(async ({ harness }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(await logs(harness));
  expect(appErrors.splice(0), 'errors in the web app').toEqual([]);
  await expectHealthy(harness);
});

test('the first person signs up in the web app and is the admin', async ({ harness, browser }) => {
  web = await openWindow(browser, sides(harness).browser);
  await web.goto('/');
  await fillRegistration(web, person);
  await web.getByRole('button', { name: 'Register' }).click();
  await expect(web).toHaveURL(/\/otp1$/);
  // The code comes by real mail: this server has no dev outbox.
  expect((await web.request.get('/dev/mail.json')).status()).toBe(404);
  await web.getByLabel('Sign-up code').fill(await mailedCode(harness, person.email));
  await web.getByRole('button', { name: 'Register' }).click();
  await expect(web).toHaveURL(/\/home$/);
  await expect(web.getByRole('heading', { level: 1, name: /maria/ })).toBeVisible();

  await open(web, 'Admin');
  await expect(web.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await web.getByRole('tab', { name: 'Users' }).click();
  const me = web.getByRole('row', { name: person.username, exact: true });
  await expect(me.getByText('Admin', { exact: true })).toBeVisible();
});

test('the library scan finishes; the admin page lists the broken files and why', async ({
  harness,
}) => {
  await web.goto('/admin');
  await expect(web.getByText(harness.library, { exact: true })).toBeVisible();
  await expect(web.getByText(/Last scan finished/)).toBeVisible({ timeout: 180_000 });
  const stat = (label: string) =>
    web.locator('.admin-stat').filter({ hasText: label }).locator('dd');
  // genlibrary -tricky: 210 audio files at first, 6 of them broken.
  await expect(stat('Files seen')).toHaveText('210');
  await expect(stat('Added')).toHaveText('204');
  await expect(stat('Failed')).toHaveText('6');
  const failures = web.getByRole('region', { name: /Files that failed/ }).getByRole('listitem');
  await expect(failures).toHaveCount(6);
  for (const f of ['01 Cut Off.mp3', '01 Truncated.flac', '10 Empty.mp3', '12 Noise.flac']) {
    await expect(failures.filter({ hasText: f })).toContainText('not an audio file we can play');
  }
});

test('every screen shows the library', async () => {
  await tour(web);

  // Settings: an app password for the phone.
  await web.getByRole('button', { name: /Account menu/ }).click();
  await web.getByRole('link', { name: 'Settings' }).click();
  await expect(web.getByRole('heading', { name: 'App passwords' })).toBeVisible();
  await web.getByLabel('New app password').fill('Phone');
  await web.getByRole('button', { name: 'Create' }).click();
  const shown = web.getByRole('region', { name: /Your app password for/ }).locator('code');
  await expect(shown).toHaveText(/^[a-z2-9]{24}$/);
  appPassword = (await shown.textContent()) ?? '';
  await web.getByRole('button', { name: /Done/ }).click();
});

test('listening in the browser while the phone app uses the library', async ({ harness }) => {
  mobile = phone(sides(harness).phone, person.username, appPassword);
  const onPhone = (async () => {
    await browse(mobile);
    return use(mobile);
  })();

  // Play an album; it counts as a listen; like it from the player; skip.
  await openAlbum(web, 'Lemonade Dreams');
  await web.getByRole('button', { name: 'Play', exact: true }).click();
  await listenTo(web, 'Formation Lights');
  const bar = playerBar(web);
  const likeSaved = web.waitForResponse(
    (r) => r.url().endsWith('/api/like/add') && r.request().method() === 'POST',
  );
  await bar.getByRole('button', { name: 'Like Formation Lights' }).click();
  await expect(bar.getByRole('button', { name: 'Unlike Formation Lights' })).toBeVisible();
  expect((await likeSaved).status()).toBe(200);
  await bar.getByRole('button', { name: 'Next' }).click();
  await expectPlaying(web, 'Halo Over Houston');
  await bar.getByRole('button', { name: 'Next' }).click();
  await expectPlaying(web, 'Déjà Vu Again');

  // Opus, from an album with a cover.jpg beside it, at twice the speed:
  // ten seconds of it count as a listen all the same.
  await openAlbum(web, 'Living Room Songs');
  await chooseSpeed(web, '2×');
  await web.getByRole('button', { name: 'Play Near Light' }).click();
  await listenTo(web, 'Near Light');
  await bar.getByRole('button', { name: 'Pause' }).click();
  await chooseSpeed(web, '1×');

  // A playlist, made and filled from album pages.
  await open(web, 'Playlists');
  await web.getByRole('button', { name: 'Create' }).click();
  const dialog = web.getByRole('dialog', { name: 'Create playlist' });
  await dialog.getByRole('textbox', { name: 'Playlist name' }).fill('Road trip ✈');
  await dialog.getByRole('button', { name: 'Create' }).click();
  // The new playlist opens, empty.
  await expect(web).toHaveURL(/\/player\/[^/]+$/);
  await expect(web.getByRole('heading', { level: 1, name: 'Road trip ✈' })).toBeVisible();
  await openAlbum(web, 'Ágætis byrjun');
  await addToPlaylist(web, 'Starálfur', 'Road trip ✈');
  await openAlbum(web, 'Группа крови');
  await addToPlaylist(web, 'Кукушка', 'Road trip ✈');

  phoneState = await onPhone;
  // The browser sees what the phone did, and the phone what the browser did.
  await web.goto('/likes');
  const liked = titles(web, 'Liked Songs');
  await expect(liked).toContainText(['Formation Lights']);
  await expect(liked).toContainText([phoneState.starred.title]);
  await open(web, 'Playlists');
  await expect(web.getByRole('article', { name: 'Road trip ✈' })).toContainText('2 songs');
  await expect(web.getByRole('article', { name: 'Phone mix' })).toContainText('2 songs');
  const stars = ok(await mobile.getStarred2(), 'getStarred2').starred2;
  expect((stars.song ?? []).map((s) => s.title)).toContain('Formation Lights');
  const counted = ok(await mobile.search3({ query: 'Near Light' }), 'search3').searchResult3;
  expect(counted.song?.find((s) => s.title === 'Near Light')?.playCount).toBe(1);
});

test('files come and go in the music folder: the watcher and Scan now find both', async ({
  harness,
}) => {
  const gone = {
    path: 'Кино/Группа крови/02 Закрой за мной дверь.mp3',
    title: 'Закрой за мной дверь',
  };
  await control(harness, `/library/add?path=${encodeURIComponent(heldBack)}`);
  await control(harness, `/library/remove?path=${encodeURIComponent(gone.path)}`);

  // The file watcher sees both: a new album, a song less.
  await expect(async () => {
    await web.goto('/albums');
    await expect(albumCard(web, 'Into the Trees')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 180_000 });
  await openAlbum(web, 'Into the Trees');
  await expect(titles(web, 'Songs of Into the Trees')).toHaveCount(6);
  await openAlbum(web, 'Группа крови');
  await expect(async () => {
    await web.reload();
    await expect(titles(web, 'Songs of Группа крови')).toHaveCount(9, { timeout: 2_000 });
  }).toPass({ timeout: 180_000 });
  await expect(titles(web, 'Songs of Группа крови')).not.toContainText([gone.title]);
  await search(web, 'Seven League Boots');
  await expect(web.getByRole('region', { name: 'Songs' })).toContainText('Seven League Boots');

  // The admin page lists the broken files once each, however many scans
  // read them; a scan asked for finds everything in place.
  const stat = (label: string) =>
    web.locator('.admin-stat').filter({ hasText: label }).locator('dd');
  const failures = web.getByRole('region', { name: /Files that failed/ }).getByRole('listitem');
  await open(web, 'Admin');
  await expect(web.getByText(/Last scan finished/)).toBeVisible();
  await expect(stat('Failed')).toHaveText('6');
  await expect(failures).toHaveCount(6);
  await web.getByRole('button', { name: 'Scan now' }).click();
  await expect(web.getByText('Scan started.')).toBeVisible();
  await expect(web.getByText(/Last scan finished/)).toBeVisible({ timeout: 180_000 });
  await expect(stat('Files seen')).toHaveText('215');
  await expect(stat('Added')).toHaveText('0');
  await expect(stat('Removed')).toHaveText('0');
  await expect(stat('Failed')).toHaveText('6');
  await expect(failures).toHaveCount(6);

  // The phone's playlist keeps the song, marked as gone.
  await open(web, 'Playlists');
  await web.getByRole('article', { name: 'Phone mix' }).getByRole('link').first().click();
  await expect(
    web.getByRole('button', { name: `${gone.title} is no longer in the library` }),
  ).toBeDisabled();

  // The phone sees the same; its saved queue lost the song.
  const goneId = phoneState.album.find((s) => s.title === gone.title)!.id;
  phoneState.queue = phoneState.queue.filter((id) => id !== goneId);
  const found = ok(await mobile.search3({ query: 'Seven League Boots' }), 'search3');
  expect((found.searchResult3.song ?? []).map((s) => s.title)).toContain('Seven League Boots');
  const kino = ok(await mobile.search3({ query: gone.title }), 'search3');
  expect((kino.searchResult3.song ?? []).map((s) => s.title)).not.toContain(gone.title);
});

test('a graceful restart in the middle; in a cluster, the other instance carries on', async ({
  harness,
  browser,
}) => {
  if (harness.b) {
    // The browser moves to B, and the phone to A, which restarts.
    web = await openWindow(browser, harness.b);
    await logIn(web, person);
  }
  await control(harness, '/restart?instance=a');
  mobile = phone(harness.a, person.username, appPassword);
  await web.goto('/likes');
  await expect(web.getByRole('heading', { level: 1, name: /Liked Songs/ })).toBeVisible();
  await expect(titles(web, 'Liked Songs')).toContainText(['Formation Lights']);
  await expect(titles(web, 'Liked Songs')).toContainText([phoneState.starred.title]);
  await open(web, 'Playlists');
  await expect(web.getByRole('article', { name: 'Road trip ✈' })).toContainText('2 songs');
  await openAlbum(web, 'Lemonade Dreams');
  await expect(
    rows(web, 'Songs of Lemonade Dreams')
      .filter({ hasText: 'Formation Lights' })
      .getByTitle('1 play'),
  ).toBeVisible();
  await expectKept(mobile, phoneState);

  // Both ways at once again: a like in the browser, a star on the phone.
  const found = ok(await mobile.search3({ query: 'Кукушка' }), 'search3').searchResult3;
  const cuckoo = found.song?.find((s) => s.title === 'Кукушка');
  ok(await mobile.star({ id: cuckoo!.id }), 'star');
  // The heart turns at once; the page is left only once the server has the like.
  const liked = web.waitForResponse(
    (r) => r.url().endsWith('/api/like/add') && r.request().method() === 'POST',
  );
  await rows(web, 'Songs of Lemonade Dreams')
    .getByRole('button', { name: 'Like Sandcastles', exact: true })
    .click();
  await expect(web.getByRole('button', { name: 'Unlike Sandcastles', exact: true })).toBeVisible();
  expect((await liked).status()).toBe(200);
  await web.goto('/likes');
  // Newest first.
  await expect(titles(web, 'Liked Songs')).toContainText(['Sandcastles', 'Кукушка']);
  await expect
    .poll(async () =>
      (ok(await mobile.getStarred2(), 'getStarred2').starred2.song ?? []).map((s) => s.title),
    )
    .toContain('Sandcastles');
});

test('the recommender learns from the plays on every instance', async ({ harness }) => {
  // The trainer looks every 30 s; an instance without the training lease
  // loads the model the other stored.
  await expectRecommenderTrained(harness);
});

test('a Subsonic app makes every call of the API, in JSON and in XML', async ({ harness }) => {
  // The OpenSubsonic conformance session (web/e2e-subsonic/session.test.mjs)
  // runs once, on the single instance (the cluster project leaves it out),
  // at the end: it scrobbles, rates and rescans, which the steps above do
  // not expect.
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const out = await promisify(execFile)(
    'bash',
    ['scripts/subsonic-node-test.sh', '--session', harness.a, person.username, appPassword],
    { cwd: root, maxBuffer: 64 << 20 },
  ).catch((err: { stdout?: string; stderr?: string }) => err);
  const stdout = out.stdout ?? '';
  // The session's summary (a line per failed call) and the Go schema check.
  const report = stdout
    .split('\n')
    .filter((l) =>
      /^# (OpenSubsonic session:| {2}FAIL | {2}\(\d)|recorded answers|\.(json|xml): /.test(l),
    )
    .join('\n');
  console.log(report);
  expect(report, `no summary; the run said:\n${stdout.slice(-4000)}\n${out.stderr ?? ''}`).toMatch(
    /OpenSubsonic session: \d+ calls passed/,
  );
  expect(report, 'calls that failed').toMatch(/OpenSubsonic session: \d+ calls passed, 0 failed/);
  expect(report, 'answers that break the spec').toMatch(
    /checked \d+ recorded answers, 0 break the OpenSubsonic spec/,
  );
});
