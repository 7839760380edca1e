import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// page.route sees no request a service worker answers from its cache.
test.use({ serviceWorkers: 'block' });

/** The Artists page's own script, as a deploy would leave it behind: gone. */
const ARTISTS_CHUNK = /\/assets\/ArtistsPage-[\w-]+\.js(\?.*)?$/;

/** Marks this document, so a reload shows as the mark being gone. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as Window & { e2eMark?: boolean }).e2eMark = true;
  });
}

const reloaded = (page: Page) =>
  page.evaluate(() => !(window as Window & { e2eMark?: boolean }).e2eMark);

test('a page whose chunk is gone since a deploy reloads once and then opens', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.username).not.toBe('');
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await markDocument(page);

  // Gone for the tab opened before the deploy; the reloaded page gets the file.
  let reloading = false;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloading = true;
  });
  let refused = 0;
  await page.route(ARTISTS_CHUNK, (route) => {
    if (reloading) return route.continue();
    refused++;
    return route.fulfill({ status: 404, body: 'gone' });
  });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Artists' })
    .click();
  await expect(page).toHaveURL(/\/artist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  expect(await reloaded(page)).toBe(true);
  await expect(page.getByText('Musicify was updated')).toHaveCount(0);
});

test('a chunk still missing after the reload shows the error screen, not a loop', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.username).not.toBe('');
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await markDocument(page);

  let refused = 0;
  await page.route(ARTISTS_CHUNK, (route) => {
    refused++;
    return route.fulfill({ status: 404, body: 'gone' });
  });
  let loads = 0;
  page.on('load', () => loads++);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Artists' })
    .click();
  const screen = page.getByRole('alert').filter({ hasText: 'Musicify was updated' });
  await expect(screen).toBeVisible();
  expect(await reloaded(page)).toBe(true);
  expect(loads).toBe(1);
  // The shell stays around the error: the menu still leads elsewhere.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).toHaveURL(/\/artist$/);

  // Once the file is there again, Reload brings the page.
  await page.unroute(ARTISTS_CHUNK);
  await screen.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  expect(loads).toBe(2);
  expect(refused).toBeGreaterThanOrEqual(2);
});
