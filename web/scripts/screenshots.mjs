// Screenshots every screen at desktop and phone size against a running server.
// Usage: node scripts/screenshots.mjs [baseURL] [outDir]
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

const problems = [];

const testdata = fileURLToPath(new URL('../../testdata/', import.meta.url));

/** Cover art drawn by the browser itself: a gradient with a few soft shapes. */
async function coverArt(context, [a, b, c], glyph) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 640, height: 640 });
  await page.setContent(`<body style="margin:0">
    <div style="width:640px;height:640px;position:relative;overflow:hidden;
      background:linear-gradient(135deg,${a},${b} 60%,${c});font-family:sans-serif">
      <div style="position:absolute;width:520px;height:520px;border-radius:50%;left:-120px;top:-160px;
        background:radial-gradient(circle,rgba(255,255,255,.35),transparent 65%)"></div>
      <div style="position:absolute;width:420px;height:420px;border-radius:50%;right:-140px;bottom:-140px;
        border:40px solid rgba(255,255,255,.12)"></div>
      <div style="position:absolute;left:44px;bottom:36px;color:rgba(255,255,255,.92);
        font-size:150px;font-weight:900;letter-spacing:-8px">${glyph}</div>
    </div></body>`);
  const buffer = await page.screenshot({ type: 'png' });
  await page.close();
  return buffer;
}

/** Signs an account up through the API in its own request context. */
async function apiAccount(username) {
  const request = await playwrightRequest.newContext({ baseURL: base });
  const account = { username, email: `${username}@example.com`, password: 'correct horse 1' };
  await request.post('/api/auth/cheak', { data: account });
  const otp = await mailCode(request, account.email, 'sign-up code');
  const res = await request.post('/api/auth/signup', { data: { ...account, otp } });
  if (!res.ok()) throw new Error(`sign-up of ${username}: ${await res.text()}`);
  return request;
}

/** Uploads a fixture as a song, with a drawn cover when given. */
async function upload(request, name, file, cover) {
  const multipart = {
    song: name,
    audio: {
      name: path.basename(file),
      mimeType: 'application/octet-stream',
      buffer: fs.readFileSync(path.join(testdata, 'audio', file)),
    },
  };
  if (cover) multipart.cover = { name: 'cover.png', mimeType: 'image/png', buffer: cover };
  const res = await request.post(`${base}/api/upload`, { multipart });
  if (!res.ok()) throw new Error(`upload of ${name}: ${await res.text()}`);
}

async function mailCode(request, email, subject) {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`${base}/dev/mail.json?to=${encodeURIComponent(email)}`);
    const mails = await res.json();
    const mail = mails.find((m) => m.subject.includes(subject));
    if (mail) return mail.subject.slice(0, 6);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${subject} mail for ${email}`);
}

/** The songs of the server by name (the first of each name). */
async function songsByName(request) {
  const res = await request.get(`${base}/api/search/all`);
  const byName = new Map();
  for (const song of await res.json()) if (!byName.has(song.song)) byName.set(song.song, song);
  return byName;
}

async function makePlaylist(request, name, songIds, cover) {
  const res = await request.post(`${base}/api/playlist/create`, { data: { name } });
  if (!res.ok()) throw new Error(`playlist ${name}: ${await res.text()}`);
  const { playlist } = await res.json();
  for (const songs of songIds) {
    await request.put(`${base}/api/playlist/add`, { data: { id: playlist._id, songs } });
  }
  if (cover) {
    await request.post(`${base}/api/playlist/cover`, {
      multipart: {
        id: playlist._id,
        cover: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
      },
    });
  }
  return playlist;
}

async function userIdOf(request, username) {
  const res = await request.get(`${base}/api/auth/all`);
  const { users } = await res.json();
  return users.find((u) => u.username === username)?._id;
}

/** /playlist with its menu and dialogs, a playlist, top songs, likes, sharing and the people pages. */
async function playlistsAndPeople(page, context, name, { them, art, username, stamp }) {
  const shot = async (label, opts = {}) => {
    await page.waitForTimeout(350);
    await page.screenshot({ path: path.join(out, `${name}-${label}.png`), ...opts });
  };
  const songs = await songsByName(page.request);
  const ids = (...names) => names.map((n) => songs.get(n)?._id).filter(Boolean);
  const trip = await makePlaylist(
    page.request,
    'Road  Trip',
    ids(
      'Harbour Lights (demo)',
      'Dandelion Road',
      'Velvet Highway',
      'Golden Hour',
      'Porch Light Lullaby',
      'Chrome Sunset',
    ),
    art.sine,
  );
  await makePlaylist(
    page.request,
    'Late Night Coding',
    ids('Midnight Harbour', 'Low Tide Hum'),
    art.hum,
  );
  await makePlaylist(page.request, 'Sunday Slow Mornings', ids('Apple Orchard Morning'), art.glass);
  await makePlaylist(page.request, 'Empty for now', []);

  await page.goto(`${base}/playlist`);
  await page.getByRole('article').first().waitFor();
  await page.mouse.move(5, 400);
  await shot('70-playlists');
  await page.getByRole('button', { name: 'More options for “Road  Trip”' }).click();
  await shot('71-playlist-menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByLabel('Playlist name').fill('Summer  Hits');
  await shot('72-create-dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'More options for “Late Night Coding”' }).click();
  await page.getByRole('menuitem', { name: 'Change cover' }).click();
  await page
    .getByLabel('Cover image')
    .setInputFiles({ name: 'new-cover.png', mimeType: 'image/png', buffer: art.glass });
  await page.getByRole('img', { name: 'Preview of the chosen cover' }).waitFor();
  await shot('73-cover-form');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'More options for “Road  Trip”' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  await shot('74-share-playlist');
  await page.keyboard.press('Escape');

  // The owner's view, playing, with the transcript open.
  await page.goto(`${base}/player/${trip._id}`);
  await page.getByRole('button', { name: 'Play all' }).click();
  await page.getByRole('button', { name: 'Transcript' }).click();
  await page.mouse.move(5, 400);
  await page.waitForTimeout(800);
  await shot('75-playlist-owner');
  await shot('75-playlist-owner-full', { fullPage: true });
  await page
    .getByRole('region', { name: 'Player' })
    .getByRole('button', { name: 'Pause' })
    .first()
    .click();
  await page.goto(`${base}/player/top`);
  await page.getByRole('list', { name: 'Top Songs' }).waitFor();
  await shot('76-top-songs');

  // Adding to a playlist and sharing from the song list.
  await page.goto(`${base}/songs`);
  const row = page.getByRole('listitem').filter({ hasText: 'Golden Hour' }).first();
  // A phone keeps these actions in the row's menu.
  const rowAction = async (action) => {
    if (name === 'mobile') {
      await row.getByRole('button', { name: /^More actions/ }).click();
      if (action === 'Share') await shot('78-song-menu');
      await page.getByRole('menuitem', { name: action }).click();
    } else {
      await row.getByRole('button', { name: action }).click();
    }
  };
  await rowAction('Add to playlist');
  await page.getByLabel('Search playlists').fill('night');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('list', { name: 'Playlists found' }).waitFor();
  await shot('77-add-to-playlist');
  await page.keyboard.press('Escape');
  await rowAction('Share');
  await shot('78-share-song');
  await page.keyboard.press('Escape');

  // Likes.
  for (const song of ids('Golden Hour', 'Velvet Highway', 'Dandelion Road')) {
    await page.request.post(`${base}/api/like/add`, { data: { song } });
  }
  await page.goto(`${base}/likes`);
  await page.getByRole('list', { name: 'Liked Songs' }).waitFor();
  await shot('79-likes');

  // People: we follow the demo listener and two artists; the other artist follows us.
  for (const who of ['demo', 'neon-harbor', 'willow-creek']) {
    const id = await userIdOf(page.request, who);
    if (id) await page.request.post(`${base}/api/auth/allfollow`, { data: { id } });
  }
  const me = await userIdOf(them, username);
  await them.post(`${base}/api/auth/allfollow`, { data: { id: me } });
  for (const [route, label] of [
    ['allusers', '80-allusers'],
    ['followers', '81-followers'],
    ['followings', '82-followings'],
    ['followuser?username=demo', '83-followuser'],
    ['profile', '84-profile'],
  ]) {
    await page.goto(`${base}/${route}`);
    await page.locator('main h1').first().waitFor();
    await page.waitForTimeout(400);
    await shot(label);
  }
  await page.goto(`${base}/home`);
  await page.getByRole('list', { name: 'From people you follow' }).waitFor();
  await shot('85-home-feed');

  // A shared song and playlist, signed in and signed out.
  const golden = songs.get('Golden Hour');
  await page.goto(`${base}/share?id=${golden._id}&type=song`);
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
  await shot('86-share-song-signed-in');
  await page.goto(`${base}/share?id=${trip._id}&type=playlist`);
  await page.getByRole('button', { name: 'Play all' }).waitFor();
  await shot('87-share-playlist-signed-in');
  const visitor = await context.browser().newContext({ viewport: viewports[name] });
  const guest = await visitor.newPage();
  await guest.goto(`${base}/share?id=${trip._id}&type=playlist`);
  await guest.getByRole('link', { name: 'Log in' }).waitFor();
  await guest.waitForTimeout(400);
  await guest.screenshot({ path: path.join(out, `${name}-88-share-signed-out.png`) });
  await guest.goto(`${base}/share?id=${golden._id}&type=song`);
  await guest.getByRole('link', { name: 'Sign up' }).waitFor();
  await guest.waitForTimeout(400);
  await guest.screenshot({ path: path.join(out, `${name}-89-share-song-signed-out.png`) });
  await guest.goto(`${base}/share?id=nothing-${stamp}&type=song`);
  await guest.getByText('This song is not here any more').waitFor();
  await guest.screenshot({ path: path.join(out, `${name}-90-share-missing.png`) });
  await visitor.close();
}

async function run(name, viewport) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      problems.push(`[${name}] ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`[${name}] pageerror: ${e.message}`));

  const shot = async (label, opts = {}) => {
    await page.waitForTimeout(350);
    await page.screenshot({ path: path.join(out, `${name}-${label}.png`), ...opts });
  };

  const stamp = `${Date.now().toString(36)}${name[0]}`;
  const email = `shots-${stamp}@example.com`;
  const username = `listener_${stamp}`;
  const password = 'correct horse 1';

  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Register' }).waitFor();
  await shot('01-register');
  await page.getByRole('button', { name: 'Register' }).click();
  await shot('02-register-toast');

  await page.goto(`${base}/login?error=google_cancelled`);
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await shot('03-login-google-error');
  await page.goto(`${base}/forget`);
  await page.getByRole('button', { name: 'Send code' }).waitFor();
  await shot('04-forget');
  await page.goto(`${base}/tandc`);
  await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
  await shot('05-terms');
  await shot('05-terms-full', { fullPage: true });
  await page.goto(`${base}/no-such-page`);
  await page.getByText('This page skipped a beat').waitFor();
  await shot('06-not-found');
  await page.goto(`${base}/api/auth/google`);
  await shot('07-google-not-set-up');

  // Sign up through the UI.
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('I agree to the Terms and Conditions').check();
  await shot('08-register-filled');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/otp1');
  await shot('09-signup-code');
  const code = await mailCode(page.request, email, 'sign-up code');
  await page.getByLabel('Sign-up code').fill(code);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/home');
  await page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ }).waitFor();
  await shot('10-home');
  console.log(`[${name}] title on /home: ${await page.title()}`);

  // A small catalog: two of our own songs and three by another artist.
  const other = `neon-harbor-${stamp.slice(-5)}`;
  const art = {
    harbour: await coverArt(context, ['#1ed760', '#0a6d5a', '#2b1b6b'], '♪'),
    glass: await coverArt(context, ['#ff8a5b', '#c2366b', '#3a1450'], 'G'),
    hum: await coverArt(context, ['#5b8cff', '#2c3e9e', '#0d1030'], '∿'),
    sine: await coverArt(context, ['#f7d154', '#e0723a', '#5a1e3a'], 'S'),
  };
  const them = await apiAccount(other);
  await upload(them, 'Glass Chimes', 'chime-3s.mp3', art.glass);
  await upload(them, 'Low Tide Hum', 'hum-4s.opus', art.hum);
  await upload(them, 'Sine of the Times', 'sine.flac');
  await upload(page.request, 'Midnight Harbour', 'tune-12s.mp3', art.harbour);
  await upload(page.request, 'Golden Hour', 'sine.mp3', art.sine);

  const routes = [
    'songs',
    'playlist',
    'artist',
    'join',
    'upload',
    'profile',
    'followers',
    'followings',
    'allusers',
    `followuser?username=${username}`,
    'followuser?username=nobody_here',
    'share?type=song&id=1',
    'queue',
    'likes',
    'player/top',
    'album/0',
    'album/99',
  ];
  for (const [i, r] of routes.entries()) {
    await page.goto(`${base}/${r}`);
    await page.locator('main h1, main .empty').first().waitFor();
    await shot(`${String(11 + i).padStart(2, '0')}-${r.replace(/[/?=&]/g, '_')}`);
  }

  await page.goto(`${base}/home`);
  await page.getByRole('heading', { name: /Good/ }).waitFor();
  await page.getByRole('button', { name: 'Open chat' }).click();
  await shot('40-chat-open');
  const chat = page.getByRole('dialog', { name: 'Musicify' });
  await chat.getByRole('textbox', { name: 'Enter a message...' }).fill('songs by neon harbor');
  await chat.getByRole('button', { name: 'Send' }).click();
  await chat.locator('.chat__bubble--incoming').nth(1).waitFor();
  await page.waitForTimeout(300);
  await shot('44-chat-reply');
  await page.getByRole('button', { name: 'Close chat' }).first().click();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await shot('41-user-menu');
  await page.keyboard.press('Escape');
  if (name === 'mobile') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shot('42-mobile-menu');
    await page.keyboard.press('Escape');
  }
  // The search term is client state: search on /songs itself, without a reload.
  await page.goto(`${base}/songs`);
  await page.getByRole('searchbox', { name: 'Search...' }).fill('lofi beats');
  await page.keyboard.press('Enter');
  await page.getByText('No songs match').waitFor();
  await shot('43-songs-search');
  await page.goto(`${base}/home`);
  await page.getByRole('searchbox', { name: 'Search...' }).pressSequentially('submar');
  await page.getByRole('region', { name: 'Songs' }).getByText('Yellow Submarine Dreams').waitFor();
  await shot('45-search-results');
  await page.getByRole('searchbox', { name: 'Search...' }).fill('midnite harbor');
  await page.getByRole('region', { name: 'Songs' }).getByText('Midnight Harbour').first().waitFor();
  await shot('46-search-typo');

  // One artist, the upload form with its previews, and the finished upload.
  await page.goto(`${base}/artist/${other}`);
  await page.getByRole('button', { name: 'Play all' }).waitFor();
  await shot('60-artist-page');
  await page.goto(`${base}/upload`);
  await page.getByLabel('Song name').fill('Harbour Lights (demo)');
  await page
    .getByLabel('Upload Song', { exact: true })
    .setInputFiles(path.join(testdata, 'audio', 'sine.wav'));
  await page
    .getByLabel('Upload Song Cover')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: art.hum });
  await page.getByLabel('Lyrics').fill('Lights on the water, the harbour asleep…');
  await page.getByLabel('Preview of the chosen song').waitFor();
  await shot('61-upload-previews');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Upload another' }).waitFor();
  await shot('62-upload-done');

  // Playing: the bar (or the phone's mini bar), the queue and the now-playing sheet.
  await page.goto(`${base}/songs`);
  await page.getByRole('list', { name: 'Songs' }).waitFor();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Midnight Harbour' })
    .getByText('Midnight Harbour')
    .first()
    .click();
  await page.mouse.move(5, 400);
  await page.waitForTimeout(1200);
  await shot('63-songs-playing');
  // Client-side navigation: a reload would restore the player paused.
  if (name === 'mobile') {
    await page.getByRole('button', { name: /^Open now playing/ }).click();
    await shot('64-now-playing');
    await page
      .getByRole('dialog', { name: 'Now playing' })
      .getByRole('link', { name: 'Queue' })
      .click();
  } else {
    await page.getByRole('region', { name: 'Player' }).getByRole('link', { name: 'Queue' }).click();
  }
  await page.getByRole('list', { name: 'Now playing' }).waitFor();
  await page.mouse.move(5, 400);
  await shot('65-queue');
  await page
    .getByRole('region', { name: 'Player' })
    .getByRole('button', { name: 'Pause' })
    .first()
    .click();

  // A download caught while it runs, and the delete confirmation.
  await page.route('**/media/songs/*/download', () => undefined);
  await page.goto(`${base}/songs`);
  const row = page.getByRole('listitem').filter({ hasText: 'Golden Hour' }).first();
  await row.getByRole('button', { name: 'Download' }).click();
  await row.getByRole('progressbar').waitFor();
  await page.mouse.move(5, 400);
  await shot('66-download-running');
  await row.getByRole('button', { name: 'Cancel download' }).click();
  await page.unroute('**/media/songs/*/download');
  await row.getByRole('button', { name: 'Delete' }).click();
  await shot('67-delete-confirm');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Playlists, likes, sharing and people.
  await playlistsAndPeople(page, context, name, { them, art, username, stamp });
  await them.dispose();

  // Log out, then reset the password.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${base}/`);
  await page.goto(`${base}/forget`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL('**/otp');
  await shot('50-reset-code');
  const reset = await mailCode(page.request, email, 'password reset code');
  await page.getByLabel('Reset code').fill(reset);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL('**/change');
  await shot('51-change');
  await page.getByLabel('Password', { exact: true }).fill('new password 2');
  await page.getByLabel('Confirm password').fill('new password 2');
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.waitForURL('**/login');
  await shot('52-login-after-change');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Wrong username or password').waitFor();
  await shot('53-login-wrong');

  await browser.close();
}

for (const [name, viewport] of Object.entries(viewports)) {
  await run(name, viewport);
}
console.log(problems.length ? problems.join('\n') : 'no console errors or warnings');
console.log(`screenshots in ${out}`);
