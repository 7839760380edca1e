import type { Browser, Page } from '@playwright/test';
import { baseURL } from './env';
import { expect, test } from './fixtures';
import {
  audioState,
  createAccount,
  fixture,
  mediaFile,
  requestAs,
  signIn,
  uploadSong,
  type Account,
} from './helpers';

/** Another browser of the same person: a context of its own, signed in as them. */
async function device(
  browser: Browser,
  account: Account,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, account);
  await page.goto('/');
  // A person has used this browser: it may start audio when told to.
  await page.getByRole('heading').first().click();
  return { context, page };
}

interface DeviceJSON {
  id: string;
  name: string;
  online: boolean;
  state: { playing: boolean; volume: number; repeat: string; song: { song: string } | null };
}

async function devicesOf(page: Page): Promise<DeviceJSON[]> {
  const res = await page.request.get('/api/devices');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { devices: DeviceJSON[] }).devices;
}

const playing = async (page: Page) => {
  const a = await audioState(page).catch(() => null);
  return a !== null && !a.paused && a.currentTime > 0;
};

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of sizes) {
  test.describe(`Connect on a ${name}`, () => {
    test.use({ viewport });

    test('playback moves to another device of mine, which this one then controls', async ({
      page,
      browser,
      listener,
    }) => {
      test.slow();
      const desktop = name === 'desktop';
      // Two songs of the listener's own, each on repeat: the test never waits for a song to end.
      await uploadSong(page.request, 'Tune', fixture('audio', 'tune-12s.mp3'));
      await uploadSong(page.request, 'Hum', fixture('audio', 'hum-4s.opus'));
      await page.goto(`/artist/${listener.username}`);
      await page.getByRole('button', { name: 'Play all' }).click();
      await expect.poll(() => playing(page)).toBe(true);
      await page.keyboard.press('r'); // repeat all
      await page.keyboard.press('r'); // repeat one
      const kitchen = await device(browser, listener, viewport);
      await expect.poll(async () => (await devicesOf(page)).filter((d) => d.online).length).toBe(2);
      const song = mediaFile((await audioState(page)).src);

      // The Devices button lists both; the other one is renamed.
      await page.getByRole('button', { name: 'Devices' }).filter({ visible: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Devices' });
      await expect(dialog.getByRole('button', { name: /: listening here$/ })).toBeVisible();
      const others = (await devicesOf(page)).filter(
        (d) => !d.state.playing && d.state.song === null,
      );
      expect(others).toHaveLength(1);
      const other = others[0]?.name ?? '';
      await dialog.getByRole('button', { name: `Rename ${other}` }).click();
      await dialog.getByRole('textbox', { name: `New name for ${other}` }).fill('Kitchen');
      await dialog.getByRole('button', { name: 'Save the name' }).click();
      await expect(dialog.getByRole('button', { name: 'Play on Kitchen' })).toBeVisible();
      await page.screenshot({ path: `test-results/connect-dialog-${name}.png` });

      // Play on Kitchen: the song, its second and the volume move there.
      await kitchen.page.evaluate(() => {
        const w = window as { playingAt?: number };
        document.addEventListener('playing', () => (w.playingAt ??= Date.now()), true);
      });
      await page.evaluate(() => {
        const w = window as { clickedAt?: number };
        document.addEventListener('click', () => (w.clickedAt = Date.now()), true);
      });
      await dialog.getByRole('button', { name: 'Play on Kitchen' }).click();
      await expect.poll(() => playing(kitchen.page)).toBe(true);
      const clickedAt = await page.evaluate(() => (window as { clickedAt?: number }).clickedAt);
      const startedAt = await kitchen.page.evaluate(
        () => (window as { playingAt?: number }).playingAt,
      );
      // Printed, not judged: from the click event to the other audio's first `playing`.
      console.log(
        `connect move: the other device's audio started ${(startedAt ?? NaN) - (clickedAt ?? NaN)} ms after the click`,
      );
      const there = await audioState(kitchen.page);
      expect(mediaFile(there.src)).toBe(song);
      // Kitchen reports what it plays a moment after it starts.
      await expect
        .poll(async () => (await devicesOf(page)).find((d) => d.name === 'Kitchen')?.state.repeat)
        .toBe('one');
      await expect.poll(async () => (await audioState(page)).paused).toBe(true);

      // This browser is the remote now: it shows and controls what plays there.
      const remote = page.getByRole('region', { name: 'Remote control: Kitchen' });
      await expect(remote.getByText('Playing on Kitchen')).toBeVisible();
      await page.screenshot({ path: `test-results/connect-remote-${name}.png` });
      await remote.getByRole('button', { name: 'Pause' }).filter({ visible: true }).click();
      await expect.poll(async () => (await audioState(kitchen.page)).paused).toBe(true);
      await remote.getByRole('button', { name: 'Play' }).filter({ visible: true }).click();
      await expect.poll(() => playing(kitchen.page)).toBe(true);
      const first = (await devicesOf(page)).find((d) => d.name === 'Kitchen')?.state.song?.song;
      expect(first).toBeTruthy();
      await remote
        .getByRole('button', { name: 'Next', exact: true })
        .filter({ visible: true })
        .click();
      await expect.poll(async () => mediaFile((await audioState(kitchen.page)).src)).not.toBe(song);
      let second: string | undefined;
      await expect
        .poll(async () => {
          second = (await devicesOf(page)).find((d) => d.name === 'Kitchen')?.state.song?.song;
          return second !== undefined && second !== first;
        })
        .toBe(true);
      await expect(remote.getByText(second ?? '—').filter({ visible: true })).toBeVisible();
      if (desktop) {
        const volume = remote.getByRole('slider', { name: 'Volume on Kitchen' });
        await volume.focus();
        for (let i = 0; i < 5; i++) await volume.press('ArrowLeft');
        const chosen = Number(await volume.inputValue());
        expect(chosen).toBeLessThan(100);
        await expect
          .poll(async () => (await devicesOf(page)).find((d) => d.name === 'Kitchen')?.state.volume)
          .toBe(chosen);
        await remote.getByRole('button', { name: 'Shuffle' }).click();
        await expect(remote.getByRole('button', { name: 'Shuffle', pressed: true })).toBeVisible();
      }

      // Another account never sees or reaches these devices.
      const eve = await requestAs(await createAccount(await requestAs(listener)));
      const theirs = await eve.get('/api/devices');
      expect(((await theirs.json()) as { devices: unknown[] }).devices).toHaveLength(0);
      const kitchenId = (await devicesOf(page)).find((d) => d.name === 'Kitchen')?.id ?? '';
      const stolen = await eve.post(`/api/devices/${kitchenId}/commands`, {
        data: { type: 'pause' },
      });
      expect(stolen.status()).toBe(404);
      await expect.poll(() => playing(kitchen.page)).toBe(true); // not paused by eve

      // Back to this browser: the music comes back, the kitchen stops.
      await page.getByRole('button', { name: 'Devices' }).filter({ visible: true }).click();
      await dialog.getByRole('button', { name: /\(this browser\)$/ }).click();
      await expect.poll(() => playing(page)).toBe(true);
      await expect.poll(async () => (await audioState(kitchen.page)).paused).toBe(true);
      expect(mediaFile((await audioState(page)).src)).toBe(
        mediaFile((await audioState(kitchen.page)).src),
      );
      await expect(remote).toHaveCount(0);

      // The kitchen's browser closes: it shows as offline, and cannot be chosen.
      await kitchen.context.close();
      await page.getByRole('button', { name: 'Devices' }).filter({ visible: true }).click();
      await expect(dialog.getByRole('button', { name: 'Play on Kitchen' })).toBeDisabled();
      await expect(dialog.getByText(/^Offline/)).toBeVisible();
      await page.screenshot({ path: `test-results/connect-devices-${name}.png` });
    });
  });
}
