import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { playerBar, statusToast } from './helpers';

function row(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
}

test('likes and unlikes a song; the heart survives a reload and Liked Songs follows', async ({
  page,
  listener,
}) => {
  await page.goto('/likes');
  await expect(page.getByRole('heading', { level: 1, name: 'Liked Songs' })).toBeVisible();
  await expect(page.getByText('Songs you like will appear here')).toBeVisible();
  expect(listener.username).toBeTruthy();

  await page.goto('/songs');
  const heart = row(page, 'Midnight Harbour').getByRole('button', {
    name: 'Like Midnight Harbour',
    exact: true,
  });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  const liked = row(page, 'Midnight Harbour').getByRole('button', {
    name: 'Unlike Midnight Harbour',
    exact: true,
  });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  await expect(statusToast(page)).toContainText('Added to Liked Songs');
  // The heart turns at once; the reload below must not cut off the request
  // that saves it, so wait for the server's answer.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/like/add') && r.ok());
  await row(page, 'Dandelion Road')
    .getByRole('button', { name: 'Like Dandelion Road', exact: true })
    .click();
  await expect(
    row(page, 'Dandelion Road').getByRole('button', { name: 'Unlike Dandelion Road', exact: true }),
  ).toBeVisible();
  await saved;

  await page.reload();
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  await expect(
    row(page, 'Porch Light Lullaby').getByRole('button', {
      name: 'Like Porch Light Lullaby',
      exact: true,
    }),
  ).toHaveAttribute('aria-pressed', 'false');

  // The player bar's heart is the same heart.
  await row(page, 'Midnight Harbour').getByText('Midnight Harbour', { exact: true }).click();
  await expect(
    playerBar(page).getByRole('button', { name: 'Unlike Midnight Harbour' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await playerBar(page).getByRole('button', { name: 'Pause' }).click();

  await page.getByRole('link', { name: 'Liked Songs' }).click();
  await expect(page).toHaveURL(/\/likes$/);
  const list = page.getByRole('list', { name: 'Liked Songs' });
  // The latest like first.
  await expect(list.locator('.song-row__title')).toHaveText(['Dandelion Road', 'Midnight Harbour']);
  await expect(page.getByRole('button', { name: 'Play all' })).toBeEnabled();

  // Unliking here (or in the player bar) takes it off the list at once.
  const unliked = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/api/like/') && r.ok(),
  );
  await playerBar(page).getByRole('button', { name: 'Unlike Midnight Harbour' }).click();
  await expect(list.locator('.song-row__title')).toHaveText(['Dandelion Road']);
  // The list changes at once; the reload must not cut off the request that saves it.
  await unliked;
  // The server holds the same list the page shows, before the page asks again.
  await expect
    .poll(async () => {
      const liked = (await (await page.request.get('/api/like/all')).json()) as { song: string }[];
      return liked.map((s) => s.song);
    })
    .toEqual(['Dandelion Road']);
  await page.reload();
  await expect(list.locator('.song-row__title')).toHaveText(['Dandelion Road']);
  await page.goto('/songs');
  await expect(
    row(page, 'Midnight Harbour').getByRole('button', {
      name: 'Like Midnight Harbour',
      exact: true,
    }),
  ).toHaveAttribute('aria-pressed', 'false');
});

// A toast sits above the player bar, never on its buttons: on a phone and on
// a computer, the Next button stays free while "Added to Liked Songs" shows.
for (const size of [
  { name: 'a computer', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test(`a toast leaves the player's buttons free on ${size.name}`, async ({ page, listener }) => {
    expect(listener.username).toBeTruthy();
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/songs');
    await row(page, 'Dandelion Road').getByText('Dandelion Road', { exact: true }).click();
    const bar = playerBar(page);
    await bar.getByRole('button', { name: 'Like Dandelion Road' }).click();
    const toast = statusToast(page);
    await expect(toast).toContainText('Added to Liked Songs');
    const shown = (await toast.boundingBox())!;
    const player = (await bar.boundingBox())!;
    expect(shown.y + shown.height).toBeLessThanOrEqual(player.y);
    // The toast is still there, and Next answers at once.
    await expect(toast).toContainText('Added to Liked Songs');
    const next = bar.getByRole('button', { name: 'Next' });
    const box = (await next.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label'),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe('Next');
  });
}
