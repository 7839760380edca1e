import { expect, test } from './fixtures';
import { createAccount, mailedCode } from './helpers';

test('resets a forgotten password with the mailed code', async ({ page, request }) => {
  test.slow(); // sign-up, a mailed code, three password checks and two logins: a long flow
  // Its own account (made in a separate cookie jar, so the page stays signed out):
  // changing the password ends every session of the user.
  const account = await createAccount(request);
  const newPassword = 'brand new secret 2';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forget$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/otp$/);

  // A refresh keeps the flow.
  await page.reload();
  await expect(page).toHaveURL(/\/otp$/);
  await expect(page.getByText(account.email)).toBeVisible();

  await page.getByLabel('Reset code').fill('000000');
  const code = await mailedCode(page.request, account.email, 'password reset');
  if (code !== '000000') {
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('Reset code')).toHaveAccessibleDescription(
      'That code isn’t right. Check the mail and try again.',
    );
  }
  await page.getByLabel('Reset code').fill(code);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/change$/);
  // The error of the earlier try stays behind on /otp.
  await expect(page.getByText('That code isn’t right. Check the mail and try again.')).toHaveCount(
    0,
  );

  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abc');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Your password needs at least 6 characters',
  );
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription(
    'The passwords don’t match',
  );

  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Your password was changed. Log in with your new password.' }),
  ).toBeVisible();

  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Wrong username or password',
  );

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a refresh on /change asks for the code again', async ({ page }) => {
  await page.goto('/forget');
  await page.evaluate(() =>
    sessionStorage.setItem('musicify.reset', JSON.stringify({ email: 'x@example.com', sentAt: 0 })),
  );
  await page.goto('/change');
  await expect(page).toHaveURL(/\/otp$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Please enter the code from the mail again.' }),
  ).toBeVisible();
});

test('/otp without an email in progress goes to /forget', async ({ page }) => {
  await page.goto('/otp');
  await expect(page).toHaveURL(/\/forget$/);
});
