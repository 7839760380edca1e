import { expect, test } from './fixtures';
import { audioState, mediaFile, playerBar } from './helpers';

// The e2e server points MUSICIFY_LIBRARY_DIRS at testdata/library and
// imports it at start; its albums are in the web app, in track order,
// playable, under their album artist.
test('the library folder’s albums are in the Albums view and play', async ({ page, signedIn }) => {
  expect(signedIn.username).not.toBe('');
  await page.goto('/albums?sort=name');
  const card = page.locator('a.album-card').filter({ hasText: 'Drive Low 0' });
  await expect(card).toContainText('Various Artists');
  await card.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Drive Low 0' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Songs of Drive Low 0' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('1Rain Low Low');
  await expect(rows.nth(2)).toContainText('3Light Rain Low');
  // Its embedded picture is the album's cover, not the default one.
  await expect(page.locator('main img').first()).toHaveAttribute('src', /\/media\/covers\//);

  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(playerBar(page)).toContainText('Rain Low Low');
  // The audio comes from the library folder, and it plays.
  await expect.poll(async () => (await audioState(page)).src).toContain('/lib/');
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.2);

  await page.getByRole('main').getByRole('link', { name: 'Various Artists' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Various Artists' })).toBeVisible();
});

// A lossless library song streams its original file (browsers play FLAC);
// choosing Data saver in Settings switches the player to a lighter
// rendition, which the server makes while it plays.
test('a FLAC plays its original until Data saver asks for a rendition', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.username).not.toBe('');
  await page.goto('/albums?sort=name');
  await page.locator('a.album-card').filter({ hasText: 'Ghost Low 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ghost Low 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(playerBar(page)).toContainText('Wire Low Low');
  await expect.poll(async () => mediaFile((await audioState(page)).src)).toMatch(/\.flac$/);
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.2);

  await page.goto('/settings');
  const quality = page.getByRole('combobox', { name: 'Streaming quality' });
  await expect(quality).toHaveValue('0');
  await quality.selectOption({ label: 'Data saver · 96 kbps' });
  await expect(page.getByText('Songs stream at about 96 kbps')).toBeVisible();

  await page.goto('/albums?sort=name');
  await page.locator('a.album-card').filter({ hasText: 'Ghost Low 1' }).click();
  // The player bar, back with the song of before, has a Play button too.
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(async () => (await audioState(page)).src)
    .toMatch(/\/media\/songs\/[0-9a-f]+\/rendition\?kbps=96$/);
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.2);
});
