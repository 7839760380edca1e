import { expect, test } from './fixtures';
import { fillRegistration, mailedCode, newAccount } from './helpers';

test('signs up through the UI with the mailed code and lands on /home', async ({ page }) => {
  const account = newAccount();
  await page.goto('/');
  await expect(page.getByText(/discover new music, listen offline/i).first()).toBeVisible();
  await fillRegistration(page, account);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/otp1$/);
  await expect(page.getByText(account.email)).toBeVisible();
  const code = await mailedCode(page.request, account.email, 'sign-up');
  await page.getByLabel('Sign-up code').fill(code);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page
      .getByRole('heading', { level: 1, name: `Good morning, ${account.username}` })
      .or(page.getByRole('heading', { level: 1, name: `Good afternoon, ${account.username}` }))
      .or(page.getByRole('heading', { level: 1, name: `Good evening, ${account.username}` })),
  ).toBeVisible();
  // The code never reaches storage; the password neither.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(code);
  expect(stored).not.toContain(account.password);
});

test('shows every registration problem at once, each beside its field', async ({ page }) => {
  await page.goto('/');
  const register = page.getByRole('button', { name: 'Register' });
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm password');
  const username = page.getByLabel('Username');
  const terms = page.getByLabel('I agree to the Terms and Conditions');

  await register.click();
  await expect(email).toHaveAccessibleDescription('Please enter your email');
  await expect(password).toHaveAccessibleDescription('Please choose a password');
  await expect(confirm).toHaveAccessibleDescription('Please type your password again');
  await expect(username).toHaveAccessibleDescription(/Please choose a username/);
  await expect(terms).toHaveAccessibleDescription('Please accept the Terms and Conditions');
  await expect(email).toBeFocused();

  await email.fill('not-an-email');
  await password.fill('abc');
  await confirm.fill('abd');
  await username.fill('x y');
  await terms.check();
  await register.click();
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(password).toHaveAccessibleDescription('Your password needs at least 6 characters');
  await expect(confirm).toHaveAccessibleDescription('The passwords don’t match');
  await expect(username).toHaveAccessibleDescription(
    /Username must be 3 to 32 letters, digits, _ or -/,
  );
  await expect(terms).not.toHaveAttribute('aria-invalid');
  await expect(page).toHaveURL(/\/$/);
  // What a field can say is never a toast.
  await expect(page.getByRole('alert')).toBeEmpty();
});

test('a wrong code shows the message and a refresh on /otp1 keeps the flow', async ({ page }) => {
  const account = newAccount();
  await page.goto('/');
  await fillRegistration(page, account);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/otp1$/);

  const code = await mailedCode(page.request, account.email, 'sign-up');
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Sign-up code').fill(wrong);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('Sign-up code')).toHaveAccessibleDescription(
    'That code isn’t right. Check the mail and try again.',
  );
  await expect(page).toHaveURL(/\/otp1$/);

  // After a reload the password is gone from memory; the server remembers it.
  await page.reload();
  await expect(page).toHaveURL(/\/otp1$/);
  await expect(page.getByText(account.email)).toBeVisible();
  await page.getByLabel('Sign-up code').fill(code);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(account.username) }),
  ).toBeVisible();
});

test('/otp1 without a sign-up in progress goes back to /', async ({ page }) => {
  await page.goto('/otp1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});
