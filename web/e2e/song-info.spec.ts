import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { playerBar, songNamed } from './helpers';

interface FeaturesJSON {
  bpm: number;
  key: string;
  energy: number;
}

interface StreamJSON {
  bitrate: number;
  sampleRate: number;
  bitDepth: number;
  channels: number;
}

/** The value under a label of the panel's tiles and facts ('BPM', 'Key', 'Plays'). */
function stat(dialog: Locator, label: string): Locator {
  return dialog.locator(`dt:text-is("${label}") + dd`);
}

test('Song info shows where a demo song belongs and, once it is analysed, its tempo, key and energy', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.username).not.toBe('');
  // The demo catalog is analysed in the background after the server starts;
  // on a busy machine that may take a while, and the open panel asks again.
  test.setTimeout(120_000);
  const name = 'Midnight Harbour';
  const song = await songNamed(page.request, name);

  await page.goto('/songs');
  await page
    .getByRole('button', { name: `More options for ${name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Song info' }).click();
  const dialog = page.getByRole('dialog', { name: 'Song info' });
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Chrome Tides' })).toHaveAttribute(
    'href',
    /^\/album\/.+/,
  );
  // The facts of the file: its stream as the server read it from the audio frames.
  const stream = (await (await page.request.get(`/api/songs/${song._id}`)).json()) as StreamJSON;
  expect(stream.bitrate).toBeGreaterThan(0);
  expect(stream.sampleRate).toBeGreaterThan(0);
  const khz = Number((stream.sampleRate / 1000).toFixed(1));
  await expect(stat(dialog, 'Format')).toHaveText(`MP3 · ${khz} kHz`);
  await expect(stat(dialog, 'Bitrate')).toHaveText(`${Math.round(stream.bitrate / 1000)} kbps`);
  await expect(stat(dialog, 'Channels')).toHaveText(stream.channels === 1 ? 'Mono' : 'Stereo');

  // Either the analysis ran already, or the panel shows it as soon as it has.
  const energy = dialog.getByRole('meter', { name: 'Energy' });
  await expect.poll(() => energy.count(), { timeout: 100_000 }).toBe(1);
  await expect(dialog.getByText('Still listening to this song…')).toHaveCount(0);

  const res = await page.request.get(`/api/songs/${song._id}`);
  expect(res.status()).toBe(200);
  const { features } = (await res.json()) as { features: FeaturesJSON | null };
  expect(features).not.toBeNull();
  const f = features!;
  expect(f.bpm).toBeGreaterThan(0);
  expect(f.key).toMatch(/^[A-G][♯♭]? (major|minor)$/);
  const percent = Math.round(f.energy * 100);

  await expect(stat(dialog, 'BPM')).toHaveText(String(Math.round(f.bpm)));
  await expect(stat(dialog, 'Key')).toHaveText(f.key);
  await expect(stat(dialog, 'Energy')).toHaveText(`${percent}%`);
  await expect(energy).toHaveAttribute('aria-valuenow', String(percent));
  for (const meter of ['Brightness', 'Percussive', 'Acoustic', 'Instrumental']) {
    await expect(dialog.getByRole('meter', { name: meter })).toHaveAttribute(
      'aria-valuenow',
      /^\d{1,3}$/,
    );
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The song that plays has it in the player bar too.
  await page
    .getByRole('button', { name: `Play ${name}` })
    .first()
    .click();
  await expect(playerBar(page)).toContainText(name);
  await playerBar(page).getByRole('button', { name: 'Song info' }).click();
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await expect(stat(dialog, 'BPM')).toHaveText(String(Math.round(f.bpm)));
  await expect(stat(dialog, 'Key')).toHaveText(f.key);

  // A link in the panel leaves for the album and closes it.
  await dialog.getByRole('link', { name: 'Chrome Tides' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/album\/.+/);
});
