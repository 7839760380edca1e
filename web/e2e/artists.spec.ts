import { expect, test } from './fixtures';

// testdata/library holds "Silver Harbor feat. Hollow Shore": the featured
// artist has a page of their own listing the song they appear on, whose
// row links each of its artists.
test('a featured artist’s page lists the songs they appear on', async ({ page, signedIn }) => {
  expect(signedIn.username).not.toBe('');
  await page.goto('/artist');
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Hollow Shore', exact: false })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hollow Shore' })).toBeVisible();

  const list = page.getByRole('list', { name: 'Songs Hollow Shore is featured on' });
  const row = list.getByRole('listitem').filter({ hasText: 'Heart Fire Low' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: 'Hollow Shore', exact: true })).toBeVisible();
  if (process.env.SHOTS_DIR) {
    for (const [w, h] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/featured-artist-${w}x${h}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await row.getByRole('link', { name: 'Silver Harbor', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Silver Harbor' })).toBeVisible();
  // The song is the main artist's own, where its row again links both.
  const own = page.getByRole('list', { name: 'Songs by Silver Harbor' });
  await expect(own.getByRole('listitem').filter({ hasText: 'Heart Fire Low' })).toBeVisible();

  // Search finds the featured artist by name.
  await page.goto('/search?q=hollow%20shore');
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /Hollow Shore/ })
      .first(),
  ).toBeVisible();
});
