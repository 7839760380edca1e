import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fixture, playerBar, uploadSong } from './helpers';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The elements a person could want under the chat button: everything that
 * can be clicked or typed into, and the song rows' durations. Only those
 * seen at their centre count (elementFromPoint), so content scrolled under
 * the sticky top bar, hidden by the bar itself, is not the chat's doing.
 */
async function coveredBy(page: Page, chat: Box): Promise<{ checked: number; covered: string[] }> {
  return page.evaluate((c) => {
    const toggle = document.querySelector('.chat-toggle');
    const bar = document.querySelector('.topbar');
    const selector =
      'a[href], button, input, textarea, select, [role="button"], [tabindex]:not([tabindex="-1"]), .song-row__time';
    const covered: string[] = [];
    let checked = 0;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el === toggle || toggle?.contains(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      if (cx < 0 || cy < 0 || cx > innerWidth || cy > innerHeight) continue;
      const seen = document.elementFromPoint(cx, cy);
      if (!seen || !(el.contains(seen) || seen.contains(el))) continue;
      checked++;
      // Of content scrolled partly under the sticky top bar, only the part below it shows.
      const top =
        bar && !bar.contains(el) ? Math.max(r.top, bar.getBoundingClientRect().bottom) : r.top;
      const apart =
        r.right <= c.x || r.left >= c.x + c.width || r.bottom <= c.y || top >= c.y + c.height;
      if (!apart) covered.push(el.outerHTML.slice(0, 120));
    }
    return { checked, covered };
  }, chat);
}

/** The chat button sits in the top bar and covers nothing, wherever the page is scrolled. */
async function expectChatCoversNothing(page: Page, targets: Locator[]) {
  const toggle = page.getByRole('button', { name: 'Open chat' });
  const chat = await toggle.boundingBox();
  const bar = await page.locator('.topbar').boundingBox();
  if (!chat || !bar) throw new Error('no chat button or top bar');
  expect(chat.y).toBeGreaterThanOrEqual(bar.y);
  expect(chat.y + chat.height).toBeLessThanOrEqual(bar.y + bar.height);

  for (const target of targets) {
    // Scrolled to the bottom edge of the window, where a floating button used to sit.
    await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await expect(target).toBeVisible();
    const now = await toggle.boundingBox();
    const box = await target.boundingBox();
    if (!now || !box) throw new Error('no box');
    const apart =
      box.x + box.width <= now.x ||
      box.x >= now.x + now.width ||
      box.y + box.height <= now.y ||
      box.y >= now.y + now.height;
    expect(apart, 'the target is clear of the chat button').toBe(true);
    const { checked, covered } = await coveredBy(page, now);
    expect(checked).toBeGreaterThan(3);
    expect(covered).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const { covered } = await coveredBy(page, (await toggle.boundingBox())!);
  expect(covered).toEqual([]);
}

async function checkPages(page: Page) {
  await page.goto('/songs');
  const rows = page.locator('.song-row');
  await expect(rows.first()).toBeVisible();
  // Phones show no duration column: there, the rows' last buttons sit at the right edge.
  const durations = page.locator('.song-row__time:visible');
  const edge = (await durations.count()) > 0 ? durations : rows.getByRole('button');
  await expectChatCoversNothing(page, [edge.first(), edge.last()]);

  await page.goto('/upload');
  await expectChatCoversNothing(page, [page.getByRole('button', { name: 'Submit' })]);

  await page.goto('/join');
  const form = page.getByRole('region', { name: 'Add a radio station' });
  await expectChatCoversNothing(page, [form.getByRole('button', { name: 'Create' })]);

  await page.goto('/home');
  const showAll = page.getByRole('link', { name: 'Show all' }).first();
  await expectChatCoversNothing(page, [showAll]);

  await page.goto('/profile');
  await expectChatCoversNothing(page, [page.getByRole('link', { name: 'View All' })]);
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('the chat button covers nothing, without the player bar', async ({ page, listener }) => {
      expect(listener.username).toBeTruthy();
      await uploadSong(page.request, 'Dock Tune', fixture('audio', 'tune-12s.mp3'));
      await checkPages(page);
      await expect(playerBar(page)).toHaveCount(0);
    });

    test('the chat button covers nothing, with the player bar', async ({ page, listener }) => {
      expect(listener.username).toBeTruthy();
      await uploadSong(page.request, 'Dock Chime', fixture('audio', 'tune-12s.mp3'));
      await page.goto(`/artist/${listener.username}`);
      await page.getByRole('button', { name: 'Play all' }).click();
      await expect(playerBar(page)).toBeVisible();
      await checkPages(page);
      await expect(playerBar(page)).toBeVisible();
    });
  });
}

test('the chat opens from the top bar and its panel ends above the player bar', async ({
  page,
  listener,
}) => {
  expect(listener.username).toBeTruthy();
  await uploadSong(page.request, 'Panel Tune', fixture('audio', 'tune-12s.mp3'));
  await page.goto(`/artist/${listener.username}`);
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect(playerBar(page)).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Musicify' });
  await expect(panel.getByRole('textbox', { name: 'Enter a message...' })).toBeFocused();
  const box = await panel.boundingBox();
  const player = await playerBar(page).boundingBox();
  if (!box || !player) throw new Error('no box');
  expect(box.y + box.height).toBeLessThanOrEqual(player.y);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
});
