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

test('shows each registration validation message in order, beside its field', async ({ page }) => {
  await page.goto('/');
  const register = page.getByRole('button', { name: 'Register' });

  await register.click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please fill credentials');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abd');
  await page.getByLabel('Username').fill('x y');
  await register.click();
  await expect(page.getByLabel('I agree to the Terms and Conditions')).toHaveAccessibleDescription(
    'Please agree terms and condition',
  );

  await page.getByLabel('I agree to the Terms and Conditions').check();
  await register.click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Password must be equal or more than 6 digit',
  );

  await page.getByLabel('Password', { exact: true }).fill('abcdef');
  await register.click();
  await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription(
    'Confirm password and password doesnt matches',
  );

  await page.getByLabel('Confirm password').fill('abcdef');
  await register.click();
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription(
    /Username must be 3 to 32 letters, digits, _ or -/,
  );

  await page.getByLabel('Username').fill('valid_name');
  await register.click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Please enter a valid email address',
  );
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
    'OTP entered is incorrect',
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
