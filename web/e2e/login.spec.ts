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

  // The session is really over: the signed-in area sends us back.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
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

test("the Google links lead to the 'not set up' page", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
    'href',
    '/api/auth/google',
  );
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign up with Google' }).click();
  await expect(
    page.getByRole('heading', { name: 'Sign-in with Google is not set up' }),
  ).toBeVisible();
});
