import { expect, type Page } from '@playwright/test';
import { playerBar, type Account } from '../e2e/helpers';

// What a person does in the web app, through its screens only.

/** Goes to a page through the side menu, as a person does, and waits until it is there. */
export async function open(page: Page, label: string) {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label });
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect(page).toHaveURL((u) => u.pathname === href);
}

/** Signs in through the login form. */
export async function logIn(page: Page, person: Account) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** A card of the Albums grid. */
export function albumCard(page: Page, name: string) {
  return page.locator('a.album-card').filter({ hasText: name });
}

/** Opens an album from the Albums page, by its name. */
export async function openAlbum(page: Page, name: string) {
  await open(page, 'Albums');
  await albumCard(page, name).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The rows of the page's song list called `label`. */
export function rows(page: Page, label: string) {
  return page.getByRole('list', { name: label }).getByRole('listitem');
}

/** The titles of the page's song list called `label`, in order. */
export function titles(page: Page, label: string) {
  return page.getByRole('list', { name: label }).locator('.song-row__title');
}

/** Types into the search box and waits for the results page. */
export async function search(page: Page, q: string) {
  const box = page.getByRole('searchbox', { name: 'Search...' });
  await box.fill(q);
  await expect(page).toHaveURL(/\/search\?q=/);
}

/**
 * Waits until the player plays `title` and the server has counted it as a
 * listen (the player tells it after ten seconds of real playing).
 */
export async function listenTo(page: Page, title: string) {
  const counted = page.waitForResponse(
    (r) => r.url().endsWith('/api/view/increase') && r.request().method() === 'POST',
    { timeout: 120_000 },
  );
  await expect(playerBar(page)).toContainText(title);
  const res = await counted;
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Waits until the player plays the song `title` and its position moves on,
 * read from the seek bar: the same whichever way it sounds (the audio
 * elements, or Web Audio for the tracks of an album).
 */
export async function expectPlaying(page: Page, title: string) {
  await expect(playerBar(page)).toContainText(title);
  const seek = playerBar(page).getByRole('slider', { name: 'Seek' });
  let last = Number(await seek.inputValue());
  await expect
    .poll(async () => {
      const now = Number(await seek.inputValue());
      const moved = now > last;
      last = now;
      return moved;
    })
    .toBe(true);
}

/** Adds a song of the current page's list to a playlist, through the dialog. */
export async function addToPlaylist(page: Page, song: string, playlist: string) {
  await page.getByRole('button', { name: `Add ${song} to playlist`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/playlist/') && r.request().method() !== 'GET',
  );
  await dialog
    .getByRole('list', { name: 'Your playlists' })
    .getByRole('button', { name: playlist, exact: true })
    .click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
}
