// Screenshots of the albums, album, artist, genre and home screens at desktop
// and phone size against a running demo server (MUSICIFY_DEMO=true).
// Usage: node scripts/screenshots-albums.mjs [baseURL] [outDir]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request as playwrightRequest } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:18080';
const out = process.argv[3] ?? '/tmp/shots-albums';
fs.mkdirSync(out, { recursive: true });
const testdata = fileURLToPath(new URL('../../testdata/', import.meta.url));
const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

async function mailCode(request, email) {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`${base}/dev/mail.json?to=${encodeURIComponent(email)}`);
    const mail = (await res.json()).find((m) => m.subject.includes('sign-up code'));
    if (mail) return mail.subject.slice(0, 6);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-up mail for ${email}`);
}

/** An uploader with one tagged album of two songs and a drawn cover. */
async function uploader(browser) {
  const username = `tide-pool-${Date.now().toString(36)}`;
  const request = await playwrightRequest.newContext({ baseURL: base });
  const account = { username, email: `${username}@example.com`, password: 'correct horse 1' };
  await request.post('/api/auth/cheak', { data: account });
  const otp = await mailCode(request, account.email);
  const res = await request.post('/api/auth/signup', { data: { ...account, otp } });
  if (!res.ok()) throw new Error(`sign-up: ${await res.text()}`);
  const page = await browser.newPage({ viewport: { width: 640, height: 640 } });
  await page.setContent(`<body style="margin:0"><div style="width:640px;height:640px;
    background:linear-gradient(135deg,#0f4c81,#1ed7b0 60%,#f6d365);position:relative;font-family:sans-serif">
    <div style="position:absolute;left:40px;bottom:40px;color:#fff;font-size:96px;font-weight:900;
    letter-spacing:-4px;line-height:.9">LOW<br>TIDE</div></div></body>`);
  const cover = await page.screenshot({ type: 'png' });
  await page.close();
  let albumId = '';
  for (const [file, name] of [
    ['album-track2.mp3', 'Afterglow'],
    ['album-track1.mp3', 'Harbor Lights'],
  ]) {
    const up = await request.post('/api/upload', {
      multipart: {
        song: name,
        audio: {
          name: file,
          mimeType: 'audio/mpeg',
          buffer: fs.readFileSync(path.join(testdata, 'audio', file)),
        },
        cover: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
      },
    });
    if (!up.ok()) throw new Error(`upload: ${await up.text()}`);
    albumId = (await up.json()).song.albumId;
  }
  await request.dispose();
  return { username, albumId };
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const { username, albumId } = await uploader(browser);
for (const [name, viewport] of Object.entries(viewports)) {
  const context = await browser.newContext({ viewport, baseURL: base });
  const login = await context.request.post('/api/auth/login', {
    data: { username: 'demo', password: 'musicify-demo' },
  });
  if (!login.ok()) throw new Error(`login: ${await login.text()}`);
  const page = await context.newPage();
  const screens = [
    ['albums', '/albums'],
    ['albums-year', '/albums?sort=year&genre=Dream%20Pop'],
    ['album', `/album/${albumId}`],
    ['artist', `/artist/${username}`],
    ['artist-demo', '/artist/neon-harbor'],
    ['genres', '/genres'],
    ['genre', '/genre/dream%20pop'],
    ['home', '/home'],
  ];
  for (const [label, url] of screens) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await page.screenshot({
      path: path.join(out, `${name}-${label}.png`),
      fullPage: label !== 'home',
    });
  }
  await context.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
