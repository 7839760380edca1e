import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { audioState, playerBar } from './helpers';

/**
 * The assistant acts on the player: a play request starts at once, and
 * "skip this", "pause", the volume and the queue change the real player.
 */

async function openChat(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Musicify' });
  const log = chat.getByRole('log');
  const input = chat.getByRole('textbox', { name: 'Enter a message...' });
  let asked = 0;
  /** Sends a message and waits for its reply bubble. */
  const ask = async (text: string) => {
    asked++;
    await input.fill(text);
    await chat.getByRole('button', { name: 'Send' }).click();
    // The welcome message is the first incoming bubble.
    const reply = log.locator('.chat__bubble--incoming').nth(asked);
    await expect(reply).toBeVisible();
    return reply;
  };
  return { chat, ask };
}

/** The title the player bar shows, one of the catalog's lo-fi songs here. */
const LOFI = ['Rainy Window Study', 'Tea at 3 AM', 'Cassette Bloom', 'Library Cat'];

async function playingTitle(page: Page): Promise<string> {
  const text = (await playerBar(page).textContent()) ?? '';
  return LOFI.find((t) => text.includes(t)) ?? '';
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('the assistant plays, says what plays, skips, pauses, sets the volume and queues', async ({
      page,
      listener,
    }) => {
      expect(listener.username).toBeTruthy();
      await page.goto('/home');
      const { chat, ask } = await openChat(page);

      // A play request plays at once; its button stays.
      await expect(await ask('play some lo-fi')).toContainText('lo-fi songs');
      await expect(chat.getByRole('button', { name: 'Play lo-fi songs' })).toBeVisible();
      await expect(playerBar(page)).toBeVisible();
      await expect.poll(async () => (await audioState(page)).paused).toBe(false);
      await expect.poll(() => playingTitle(page)).not.toBe('');
      const first = await playingTitle(page);

      // What's playing comes from the player.
      await expect(await ask("what's playing?")).toContainText(`“${first}”`);

      // Skip moves the real player on.
      await ask('skip this');
      await expect.poll(() => playingTitle(page)).not.toBe(first);
      const second = await playingTitle(page);
      expect(LOFI).toContain(second);

      // The volume follows: a tenth up from 50%, then 30%.
      const volume = playerBar(page).getByRole('slider', { name: 'Volume' });
      const hasSlider = (await volume.count()) > 0 && (await volume.isVisible());
      await expect(await ask('set volume to 50%')).toContainText('Volume set to 50%');
      if (hasSlider) await expect(volume).toHaveValue('50');
      const half = (await audioState(page)).volume;
      await expect(await ask('turn it up a bit')).toContainText('Volume set to 60%');
      if (hasSlider) await expect(volume).toHaveValue('60');
      await expect(await ask('set volume to 30%')).toContainText('Volume set to 30%');
      if (hasSlider) await expect(volume).toHaveValue('30');
      // The element's volume carries the loudness gain too: compare it with itself.
      await expect.poll(async () => (await audioState(page)).volume / half).toBeCloseTo(0.6, 1);

      // Pause pauses the audio.
      await ask('pause');
      await expect.poll(async () => (await audioState(page)).paused).toBe(true);

      // Queue a song after this one: the Queue page has it next.
      await expect(await ask('queue glass garden after this song')).toHaveText(
        'Added “Glass Garden” by Paper Moons to play next.',
      );
      await expect(chat.getByRole('button', { name: 'Play “Glass Garden” now' })).toBeVisible();
      await page.screenshot({ path: `/tmp/shots-assist/chat-actions-${size.width}.png` });
      await page.keyboard.press('Escape');
      await expect(chat).toBeHidden();
      await page.goto('/queue');
      await expect(page.getByRole('list', { name: 'Now playing' })).toContainText(second);
      await expect(
        page.getByRole('list', { name: 'Up next' }).getByRole('listitem').first(),
      ).toContainText('Glass Garden');
    });
  });
}
