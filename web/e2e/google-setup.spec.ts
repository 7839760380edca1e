import { expect, test } from './fixtures';
import { clientAddress, createAccount, signIn, type Account } from './helpers';

// MUSICIFY_ADMIN names this account an admin on the end-to-end server (playwright.config.ts).
const admin: Account = {
  username: 'e2e-admin',
  email: 'e2e-admin@example.com',
  password: 'open sesame 1',
};

test('a visitor who follows Sign in with Google gets a friendly page, no settings', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
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

test('an admin is told which settings turn it on', async ({ page }) => {
  const exists = await page.request.post('/api/auth/login', {
    data: { username: admin.username, password: admin.password },
    headers: { 'X-Forwarded-For': clientAddress() },
  });
  if (exists.status() !== 200) await createAccount(page.request, admin);
  await signIn(page, admin);
  const profile = await page.request.get('/api/auth/profile');
  expect(((await profile.json()) as { admin: boolean }).admin).toBe(true);

  await page.goto('/api/auth/google');
  await expect(page).toHaveURL(/\/google$/);
  const howTo = page.getByRole('region', { name: 'For admins: turn it on' });
  await expect(howTo).toContainText('MUSICIFY_OIDC_ISSUER');
  await expect(howTo).toContainText('MUSICIFY_OIDC_CLIENT_ID');
  await expect(howTo).toContainText('MUSICIFY_OIDC_CLIENT_SECRET');
  await expect(howTo).toContainText('/api/auth/google/callback');
});
