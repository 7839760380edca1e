import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
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

/**
 * A browser without speech recognition whose fake microphone plays
 * espeak-ng saying `said`, then a pause, over and over; signed in as a new
 * account, with a playlist of demoSongs open.
 */
async function withFakeMicrophone(
  playwright: PlaywrightWorkerArgs['playwright'],
  said: string,
  run: (page: Page) => Promise<void>,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'musicify-voice-'));
  const wav = path.join(dir, 'said.wav');
  execFileSync('espeak-ng', ['-m', '-w', wav, `<speak>${said}<break time="1s"/></speak>`]);
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
    await run(page);
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits for the server to recognize a clip as `heard` (a command, or a request's text). */
function recognized(page: Page, heard: { command: string; text?: string }) {
  return page.waitForResponse(
    async (r) => {
      if (!r.url().endsWith('/api/voice/command') || r.status() !== 200) return false;
      const body = (await r.json()) as { command: string; text?: string };
      return body.command === heard.command && body.text === heard.text;
    },
    { timeout: 20_000 },
  );
}

test('without speech recognition the microphone records clips the server recognizes: “next” moves on', async ({
  playwright,
}) => {
  await withFakeMicrophone(playwright, 'next', async (page) => {
    await expect(page.getByText("Browser doesn't support speech recognition.")).toHaveCount(0);
    await page.getByRole('button', { name: 'Play all' }).click();
    await expect(playerBar(page)).toContainText(demoSongs[0]!);

    const heard = recognized(page, { command: 'next' });
    await page.getByRole('button', { name: 'Microphone: off' }).click();
    await expect(page.getByRole('button', { name: 'Microphone: on' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const request = (await heard).request();
    expect(request.headers()['content-type']).toContain('multipart/form-data');

    const status = page.getByRole('status', { name: 'Voice commands' });
    await expect(status).toContainText('Heard:');
    await expect(status).toContainText('next');
    // The player moved on from the first song.
    await expect(playerBar(page)).not.toContainText(demoSongs[0]!);
    await page.getByRole('button', { name: 'Microphone: on' }).click();
    await expect(status).toHaveCount(0);
  });
});

test('saying “play something calm” asks the assistant and plays a calm song', async ({
  playwright,
}) => {
  await withFakeMicrophone(playwright, 'play something calm', async (page) => {
    const heard = recognized(page, { command: 'play', text: 'play something calm' });
    await page.getByRole('button', { name: 'Microphone: off' }).click();
    await heard;
    await expect(page.getByRole('status', { name: 'Voice commands' })).toContainText(
      'play something calm',
    );
    await page.getByRole('button', { name: 'Microphone: on' }).click();
    // Paper Moons (ambient) and Sleepy Kettle (lo-fi) are the calm songs.
    await expect(playerBar(page)).toContainText(
      /Slow Snowfall|Glass Garden|Letters to the Sea|Northern Quiet|Rainy Window Study|Tea at 3 AM|Cassette Bloom|Library Cat/,
    );
  });
});

test('a browser that can neither recognize speech nor record says so, in the original app’s words', async ({
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
