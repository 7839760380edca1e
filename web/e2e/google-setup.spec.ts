import { expect, test } from './fixtures';
// What an admin is told instead is in admin.spec.ts, on the server whose
// first account is its admin.

test('a visitor who follows an old Sign in with Google link gets a friendly page, no settings', async ({
  page,
}) => {
  await page.goto('/api/auth/google');
  await expect(page).toHaveURL(/\/google$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign-in with Google is not set up' }),
  ).toBeVisible();
  // The app's own frame, as on the login page.
  await expect(page.getByRole('complementary', { name: 'About Musicify' })).toBeAttached();
  await expect(page.locator('body')).not.toContainText('MUSICIFY_');
  await expect(page.getByRole('region', { name: 'For admins: turn it on' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});

test('a signed-in listener is not told the settings either', async ({ page, signedIn }) => {
  expect(signedIn.username).toBeTruthy();
  await page.goto('/api/auth/google');
  await expect(page).toHaveURL(/\/google$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign-in with Google is not set up' }),
  ).toBeVisible();
  await expect(page.locator('body')).not.toContainText('MUSICIFY_');
});
