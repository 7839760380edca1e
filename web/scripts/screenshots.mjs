// Screenshots every screen at desktop and phone size against a running server.
// Usage: node scripts/screenshots.mjs [baseURL] [outDir]
// The server must run with the dev outbox (MUSICIFY_DEMO=true), e.g. on :18080.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:18080';
const out = process.argv[3] ?? '/tmp/shots';
fs.mkdirSync(out, { recursive: true });

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
};

const problems = [];

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
  await page.getByRole('button', { name: 'Get OTP' }).waitFor();
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

  // Log out, then reset the password.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${base}/`);
  await page.goto(`${base}/forget`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.waitForURL('**/otp');
  await shot('50-reset-code');
  const reset = await mailCode(page.request, email, 'password reset code');
  await page.getByLabel('Reset code').fill(reset);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL('**/change');
  await shot('51-change');
  await page.getByLabel('Password', { exact: true }).fill('new password 2');
  await page.getByLabel('Confirm password').fill('new password 2');
  await page.getByRole('button', { name: 'Enter' }).click();
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
