import { expect, type Page } from '@playwright/test';
import { albumCard, open, openAlbum, rows, search, titles } from './web';

/**
 * Every screen of the web app, each showing the generated library (genlibrary
 * -tricky): what a person looks at on their first day.
 */
export async function tour(page: Page) {
  await open(page, 'Home');
  await expect(page.getByRole('list', { name: 'Recently added albums' })).toBeVisible();

  await open(page, 'Songs');
  await expect(rows(page, 'Songs').first()).toBeVisible();
  await expect(page.getByText('Formation Lights').first()).toBeVisible();

  await open(page, 'Albums');
  for (const a of ['Lemonade Dreams', 'Группа крови', '戦場のメリークリスマス', 'Melody A.M.'])
    await expect(albumCard(page, a)).toBeVisible();
  await expect(albumCard(page, 'Summer Hits Compilation')).toContainText('Various Artists');

  // A two-disc album, in disc order; an embedded cover.
  await openAlbum(page, 'Nocturnes');
  await expect(page.getByRole('listitem', { name: 'Disc 2' })).toBeVisible();
  await expect(titles(page, 'Songs of Nocturnes')).toHaveCount(16);
  await expect(titles(page, 'Songs of Nocturnes').nth(8)).toHaveText('Nocturne No. 9');
  await openAlbum(page, 'Lemonade Dreams');
  await expect(page.locator('main img').first()).toHaveAttribute('src', /\/media\/covers\//);
  await expect(titles(page, 'Songs of Lemonade Dreams')).toHaveCount(10);

  // A song "A feat. B" links each artist: it is on A's page and on B's,
  // under "Appears on"; so is a song of an artist in another script.
  await openAlbum(page, 'Summer Hits Compilation');
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Pharrell Williams', exact: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pharrell Williams' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Appears on' })).toContainText('Get Lucky Tonight');
  await page.goBack();
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Daft Punk', exact: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Daft Punk' })).toBeVisible();
  await expect(titles(page, 'Songs by Daft Punk')).toHaveText(['Get Lucky Tonight']);
  await openAlbum(page, '戦場のメリークリスマス');
  await page.getByRole('main').getByRole('link', { name: '坂本龍一' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '坂本龍一' })).toBeVisible();
  await expect(page.getByText('ロレンスの夢').first()).toBeVisible();

  // Search: without the accents, and with a typo.
  await search(page, 'beyonce');
  await expect(page.getByRole('region', { name: 'Artists' })).toContainText('Beyoncé');
  await search(page, 'sigur ros agaetis');
  await expect(page.getByRole('region', { name: 'Songs' })).toContainText('Ágætis byrjun');
  await search(page, 'Formaton Lights');
  await expect(page.getByRole('region', { name: 'Songs' })).toContainText('Formation Lights');
  await search(page, 'Röyksopp');
  await expect(page.getByRole('region', { name: 'Songs' })).toContainText('Eple');

  await page.goto('/likes');
  await expect(page.getByText('Songs you like will appear here')).toBeVisible();
  await open(page, 'Playlists');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Playlists' })).toBeVisible();
  await open(page, 'Upload song');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload song' })).toBeVisible();
  await open(page, 'Radio');
  await expect(page.getByText('No stations yet')).toBeVisible();
  await open(page, 'Artists');
  await expect(page.getByRole('main')).toContainText('Sigur Rós');
  await open(page, 'Admin');
  await expect(page.getByText(/Last scan finished/)).toBeVisible();
}
