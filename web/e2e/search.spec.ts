import { expect, test } from './fixtures';
import { audioState, mediaFile, playerBar, songNamed } from './helpers';

test('typing opens the results: prefixes and typos find songs, and a result plays', async ({
  page,
  signedIn,
}) => {
  await page.goto('/home');
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(signedIn.username) }),
  ).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search...' });
  await box.pressSequentially('submar');
  await expect(page).toHaveURL(/\/search\?q=submar$/);
  await expect(box).toBeFocused();
  const songs = page.getByRole('region', { name: 'Songs' });
  await expect(songs.getByRole('button', { name: 'Play Yellow Submarine Dreams' })).toBeVisible();
  await expect(songs.locator('mark')).toHaveText(['Submar']);
  await expect(page.getByRole('region', { name: 'Artists' })).toContainText('No artists match');

  await box.fill('midnite harbor');
  await expect(page).toHaveURL(/\/search\?q=midnite\+harbor$/);
  const harbour = songs.getByRole('button', { name: 'Play Midnight Harbour' });
  await expect(harbour).toBeVisible();
  await expect(box).toBeFocused();

  const song = await songNamed(page.request, 'Midnight Harbour');
  await harbour.click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(song.audio));
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.3);
  await expect(playerBar(page)).toContainText('Midnight Harbour');
});

test('Enter sets the search term the songs page filters by; Escape closes the results', async ({
  page,
  signedIn,
}) => {
  await page.goto(`/followuser?username=${signedIn.username}`);
  const box = page.getByRole('searchbox', { name: 'Search...' });
  await box.fill('yellow');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=yellow$/);
  await page.getByRole('link', { name: 'Show in Songs' }).click();
  await expect(page).toHaveURL(/\/songs$/);
  await expect(page.getByText('Showing songs for')).toContainText('“yellow”');
  const rows = page.getByRole('list', { name: 'Songs' }).getByRole('listitem');
  await expect(rows.first()).toContainText('Yellow Submarine Dreams');
  await page.getByRole('button', { name: 'Clear the search for “yellow”' }).click();
  await expect(box).toHaveValue('');

  await page.goto('/artist');
  await box.fill('zzzz');
  await expect(page.getByText('No results for “zzzz”')).toBeVisible();
  await box.press('Escape');
  await expect(page).toHaveURL(/\/artist$/);
  await expect(box).toHaveValue('');
});
