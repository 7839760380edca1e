import { expect, test } from './fixtures';

test('a wrong password shows at the password field, announced with it', async ({
  page,
  account,
}) => {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(account.username);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not the password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(password).toHaveAccessibleDescription('Wrong username or password');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  await expect(page.getByRole('alert')).toBeEmpty();
  await password.fill('x');
  await expect(password).not.toHaveAttribute('aria-invalid');
});

test('a taken username shows at the username field of the registration', async ({
  page,
  account,
}) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(`new-${account.email}`);
  await page.getByLabel('Password', { exact: true }).fill('open sesame 1');
  await page.getByLabel('Confirm password').fill('open sesame 1');
  await page.getByLabel('Username').fill(account.username.toUpperCase());
  await page.getByLabel('I agree to the Terms and Conditions').check();
  await page.getByRole('button', { name: 'Register' }).click();
  const username = page.getByLabel('Username');
  await expect(username).toHaveAccessibleDescription(/This username is already taken/);
  await expect(username).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
});

test('the forgot-password form marks a bad email at its field', async ({ page }) => {
  await page.goto('/forget');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Please enter a valid email address',
  );
});

test('a playlist name already taken shows at the name field', async ({ page, listener }) => {
  expect(listener.username).toBeTruthy();
  await page.goto('/playlist');
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create playlist' });
    await dialog.getByRole('textbox', { name: 'Playlist name' }).fill('Twice');
    await dialog.getByRole('button', { name: 'Create' }).click();
    if (i === 0) {
      // The new playlist opened; back to the list for the second try.
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/player\//);
      await page.goBack();
    }
  }
  const name = page.getByRole('dialog').getByRole('textbox', { name: 'Playlist name' });
  await expect(name).toHaveAccessibleDescription('You already have a playlist called “Twice”.');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
});

test('a toast of one page does not follow the person to the next', async ({ page }) => {
  await page.goto('/login?error=google_cancelled');
  const toast = page.getByRole('alert');
  await expect(toast).toContainText('Sign-in with Google was cancelled.');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forget$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(toast).toBeEmpty();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('toasts, however many, never cover the page heading', async ({ page }) => {
    await page.goto('/login?error=google_cancelled');
    await expect(page.getByRole('alert')).toContainText('cancelled');
    // More, one after the other, within the app (no reload): they stack, up to the cap.
    for (const code of ['google_expired', 'google_failed', 'google_unverified']) {
      await page.evaluate((c) => {
        history.pushState(null, '', `/login?error=${c}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, code);
      await expect(page).toHaveURL(/\/login$/);
    }
    const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
    await expect(dismiss).toHaveCount(3);
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const toaster = await page.getByRole('region', { name: 'Notifications' }).boundingBox();
    if (!heading || !toaster) throw new Error('no box');
    expect(toaster.y).toBeGreaterThan(heading.y + heading.height);
  });
});
