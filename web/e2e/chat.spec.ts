import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { audioState, mediaFile, playerBar, songNamed, statusToast } from './helpers';

async function openChat(page: Page) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Musicify' });
  return {
    chat,
    log: chat.getByRole('log'),
    input: chat.getByRole('textbox', { name: 'Enter a message...' }),
    send: chat.getByRole('button', { name: 'Send' }),
  };
}

/** Notes in the page when Enter went down in the box and when the first reply showed. */
async function timeTheReply(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { sentAt?: number; repliedAt?: number };
    const log = document.querySelector('[role="log"]');
    if (!log) throw new Error('no chat log');
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter' && w.sentAt === undefined) w.sentAt = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      // The welcome message is the first incoming bubble; the reply is the second.
      if (w.sentAt !== undefined && w.repliedAt === undefined) {
        if (log.querySelectorAll('.chat__bubble--incoming').length > 1) {
          w.repliedAt = performance.now();
        }
      }
    }).observe(log, { childList: true, subtree: true, characterData: true });
  });
  return async () =>
    page.evaluate(() => {
      const w = window as unknown as { sentAt?: number; repliedAt?: number };
      return (w.repliedAt ?? NaN) - (w.sentAt ?? NaN);
    });
}

test('the assistant: blank text sends nothing, Enter follows the width, a reply waits 600 ms and its action plays', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.username).not.toBe('');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/assistant/chat')) sent.push(r.postData() ?? '');
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  const { log, input, send } = await openChat(page);
  await expect(log).toContainText('Welcome to Musicify. How can I help you?');
  await expect(log).toHaveAttribute('aria-live', 'polite');
  await expect(input).toBeFocused();

  // Empty and blank text send nothing.
  await send.click();
  await input.fill('   ');
  await send.click();
  await input.press('Enter');

  // At 600 px Enter starts a new line.
  await page.setViewportSize({ width: 600, height: 800 });
  await input.fill('play yellow');
  await input.press('Enter');
  await expect(input).toHaveValue('play yellow\n');

  // At 1280 px it sends.
  await page.setViewportSize({ width: 1280, height: 800 });
  await input.fill('play yellow submarine dreams');
  const elapsed = await timeTheReply(page);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(log.locator('.chat__bubble--outgoing')).toHaveText(['play yellow submarine dreams']);
  const reply = log.locator('.chat__bubble--incoming').nth(1);
  await expect(reply).toContainText('Yellow Submarine Dreams');
  const ms = await elapsed();
  expect(ms).toBeGreaterThanOrEqual(600);
  expect(ms).toBeLessThan(5000);
  expect(sent.map((body) => (JSON.parse(body) as { message: string }).message)).toEqual([
    'play yellow submarine dreams',
  ]);

  const song = await songNamed(page.request, 'Yellow Submarine Dreams');
  await page.getByRole('button', { name: 'Play “Yellow Submarine Dreams”' }).click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(song.audio));
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.3);
  await expect(playerBar(page)).toContainText('Yellow Submarine Dreams');
});

test('the assistant makes a playlist from its offer, and keeps the conversation', async ({
  page,
  listener,
}) => {
  expect(listener.username).not.toBe('');
  // A new listener each time, so the name is free. (The built-in assistant
  // capitalizes each word of the name it is given.)
  const name = 'Chat Mix For Focus';
  const { log, input } = await openChat(page);
  await input.fill(`make a playlist called ${name} from songs by paper moons`);
  await input.press('Enter');
  await page.getByRole('button', { name: `Create “${name}”` }).click();
  await expect(page).toHaveURL(/\/player\/[0-9a-f]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(statusToast(page)).toContainText(`Created “${name}” with 4 songs`);
  await expect(
    page.getByRole('list', { name: `Songs in ${name}` }).getByRole('listitem'),
  ).toHaveCount(4);

  // The conversation is still there after a reload, for this tab.
  await page.reload();
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(log.locator('.chat__bubble--outgoing')).toHaveText([
    `make a playlist called ${name} from songs by paper moons`,
  ]);
});

test('a failing assistant answers with the error bubble', async ({ page, signedIn }) => {
  expect(signedIn.username).not.toBe('');
  await page.route('**/api/assistant/chat', (route) => route.fulfill({ status: 500 }));
  const { log, input, send } = await openChat(page);
  await input.fill('hello');
  await send.click();
  const bubble = log.locator('.chat__bubble--error');
  await expect(bubble).toHaveText('Oops! Something went wrong. Please try again.');
  await expect(bubble).toHaveClass(/chat__bubble--incoming/);
});
