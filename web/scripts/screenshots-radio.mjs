// Screenshots the radio page (/join) at desktop and phone size against a running server:
// a waiting and a live station, the create form filled in, and the station panel playing
// with two listeners.
// Usage: node scripts/screenshots-radio.mjs [baseURL] [outDir]
// The server must run with the dev outbox (MUSICIFY_DEV_MAIL=true), e.g. on :18080.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request as playwrightRequest } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:18080';
const out = process.argv[3] ?? '/tmp/shots';
fs.mkdirSync(out, { recursive: true });

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
};

const testdata = fileURLToPath(new URL('../../testdata/', import.meta.url));
const problems = [];
let addresses = 0;

async function mailCode(request, email) {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`${base}/dev/mail.json?to=${encodeURIComponent(email)}`);
    const mail = (await res.json()).find((m) => m.subject.includes('sign-up code'));
    if (mail) return mail.subject.slice(0, 6);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-up code mail for ${email}`);
}

/** Signs an account up through the API; returns its request context and cookies. */
async function apiAccount(username) {
  const request = await playwrightRequest.newContext({ baseURL: base });
  const account = { username, email: `${username}@example.com`, password: 'correct horse 1' };
  // Each account from an address of its own, in case the server trusts a proxy.
  const headers = { 'X-Forwarded-For': `198.18.200.${(addresses += 1)}` };
  await request.post('/api/auth/cheak', { data: account, headers });
  const otp = await mailCode(request, account.email);
  const res = await request.post('/api/auth/signup', { data: { ...account, otp }, headers });
  if (!res.ok()) throw new Error(`sign-up of ${username}: ${await res.text()}`);
  return { request, username, state: await request.storageState() };
}

async function station(request, name, start, file = 'tune-12s.mp3') {
  const res = await request.post('/api/radio/create', {
    multipart: {
      name,
      date: start.toISOString(),
      audio: {
        name: file,
        mimeType: 'application/octet-stream',
        buffer: fs.readFileSync(path.join(testdata, 'audio', file)),
      },
    },
  });
  if (!res.ok()) throw new Error(`station ${name}: ${await res.text()}`);
  return (await res.json()).station;
}

// Two people and three stations, shared by both sizes: two counting down, one live.
const stamp = Date.now().toString(36);
const me = await apiAccount(`radio-fan-${stamp}`);
const dj = await apiAccount(`dj-nova-${stamp}`);
const hour = 3600 * 1000;
await station(dj.request, 'Sunday Brunch Beats', new Date(Date.now() + 26 * hour + 7 * 60_000));
await station(me.request, 'Evening Commute', new Date(Date.now() + 2 * hour + 14 * 60_000));
const live = await station(dj.request, 'Late Night Lo-fi', new Date(Date.now() - 4_000));

async function run(name, viewport) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    storageState: me.state,
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      problems.push(`[${name}] ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`[${name}] pageerror: ${e.message}`));
  const shot = async (label, opts = {}) => {
    await page.waitForTimeout(350);
    await page.screenshot({ path: path.join(out, `${name}-radio-${label}.png`), ...opts });
  };

  // The list: two stations counting down and one live, the form beside or below.
  await page.goto(`${base}/join`);
  await page.getByRole('list', { name: 'Stations' }).waitFor();
  await page.mouse.move(5, 700);
  await shot('01-list');
  await shot('01-list-full', { fullPage: true });

  // The form, filled in, with the start said plainly.
  const form = page.getByRole('region', { name: 'Add a radio station' });
  await form.getByLabel('Station Name').fill('Friday Night Jazz');
  await form.getByLabel('Audio file').setInputFiles(path.join(testdata, 'audio', 'tune-12s.mp3'));
  await form.getByRole('button', { name: 'Create' }).scrollIntoViewIfNeeded();
  await shot('02-form');
  await form.getByLabel('Station Name').fill('');
  await form.getByRole('button', { name: 'Create' }).click();
  await shot('03-form-errors');

  // The station panel, playing, with a second listener tuned in.
  const friend = await browser.newContext({ storageState: dj.state });
  const friendPage = await friend.newPage();
  await friendPage.goto(`${base}/join`);
  await friendPage.getByRole('button', { name: `Join ${live.radio_name}` }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: `Join ${live.radio_name}` }).click();
  await page.getByText('In sync with everyone').waitFor({ timeout: 10_000 });
  await page.getByText('Listening now · 2').waitFor();
  await page.mouse.move(5, 700);
  await shot('04-panel');
  await shot('04-panel-full', { fullPage: true });

  await friend.close();
  await browser.close();
}

for (const [name, viewport] of Object.entries(viewports)) {
  await run(name, viewport);
}
console.log(problems.length ? problems.join('\n') : 'no console errors or warnings');
console.log(`screenshots in ${out}`);
