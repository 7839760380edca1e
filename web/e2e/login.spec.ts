import { expect, test } from './fixtures';
import { errorToast } from './helpers';

test('logs in, rejects a wrong password and logs out', async ({ page, account }) => {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Login' }).click();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAccessibleDescription('Wrong username or password');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(account.username) }),
  ).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  // The session is really over: the signed-in area sends us to log in.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('logs in with the email address too', async ({ page, account }) => {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('shows a failed Google sign-in as a toast, never the raw URL text', async ({ page }) => {
  await page.goto('/login?error=google_cancelled');
  await expect(errorToast(page)).toContainText('Sign-in with Google was cancelled.');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/login?error=<b>owned</b>');
  await expect(errorToast(page)).toContainText('Sign-in with Google failed. Please try again.');
  await expect(page.getByText('owned')).toHaveCount(0);
});

test('a server without Google sign-in offers no Google button', async ({ page }) => {
  const setup = page.waitForResponse('**/api/auth/google/setup');
  await page.goto('/login');
  expect(await (await setup).json()).toMatchObject({ configured: false });
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Google/ })).toHaveCount(0);
  await expect(page.getByText('or', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Google/ })).toHaveCount(0);
});
