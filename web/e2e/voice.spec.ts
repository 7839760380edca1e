import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { baseURL } from './env';
import { createAccount, createPlaylist, playerBar, signIn, songNamed } from './helpers';

const demoSongs = [
  'Yellow Submarine Dreams',
  'Bubblegum Boss Fight',
  'Starlight Speedrun',
  'Midnight Harbour',
  'Dandelion Road',
  'Slow Snowfall',
];

test('without speech recognition the microphone records clips the server recognizes: “next” moves on', async ({
  playwright,
}) => {
  // Chromium's fake microphone plays this file, over and over: espeak-ng saying 'next', then a pause.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'musicify-voice-'));
  const wav = path.join(dir, 'next.wav');
  execFileSync('espeak-ng', ['-m', '-w', wav, '<speak>next<break time="1s"/></speak>']);
  const browser = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL });
    await context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.SpeechRecognition;
      delete w.webkitSpeechRecognition;
    });
    const page = await context.newPage();
    const account = await createAccount(page.request);
    await signIn(page, account);
    const ids = [];
    for (const name of demoSongs) ids.push((await songNamed(page.request, name))._id);
    const playlist = await createPlaylist(page.request, 'Voice test', ids);

    await page.goto(`/player/${playlist._id}`);
    expect(await page.evaluate(() => 'webkitSpeechRecognition' in window)).toBe(false);
    await expect(page.getByText("Browser doesn't support speech recognition.")).toHaveCount(0);
    await page.getByRole('button', { name: 'Play all' }).click();
    await expect(playerBar(page)).toContainText(demoSongs[0]!);

    const recognized = page.waitForResponse(
      async (r) =>
        r.url().endsWith('/api/voice/command') &&
        r.status() === 200 &&
        ((await r.json()) as { command: string }).command === 'next',
      { timeout: 20_000 },
    );
    await page.getByRole('button', { name: 'Microphone: off' }).click();
    await expect(page.getByRole('button', { name: 'Microphone: on' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const request = (await recognized).request();
    expect(request.headers()['content-type']).toContain('multipart/form-data');

    const status = page.getByRole('status', { name: 'Voice commands' });
    await expect(status).toContainText('Heard:');
    await expect(status).toContainText('next');
    // The player moved on from the first song.
    await expect(playerBar(page)).not.toContainText(demoSongs[0]!);
    await page.getByRole('button', { name: 'Microphone: on' }).click();
    await expect(status).toHaveCount(0);
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a browser that can neither recognize speech nor record says so, as SPEC.md words it', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.username).not.toBe('');
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
    delete w.MediaRecorder;
  });
  await page.goto('/player/top');
  await expect(page.getByText("Browser doesn't support speech recognition.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Microphone: off' })).toBeDisabled();
});
