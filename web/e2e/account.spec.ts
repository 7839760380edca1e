import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  clientAddress,
  createAccount,
  mailedCode,
  newAccount,
  signIn,
  type Account,
} from './helpers';

/** The toasts, apart from the status lines of the forms themselves. */
function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications' });
}

// Settings has what an account needs: a new password, a new email proven
// with a code mailed there, and leaving for good. Each flow runs on a wide
// screen and on a phone.

// The first person to sign up on a fresh server is its admin, and the last
// admin cannot leave: someone else signs up first, so the people below are
// never that admin.
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await createAccount(request);
  await request.dispose();
});

async function loginStatus(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/auth/login', {
    data: { username, password },
    headers: { 'X-Forwarded-For': clientAddress() },
  });
  return res.status();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    // Each test signs a person up and checks passwords, argon2id each time.
    test.describe.configure({ timeout: 60_000 });
    test.use({ viewport });

    let person: Account;
    test.beforeEach(async ({ page }) => {
      person = await createAccount(page.request, newAccount());
      await signIn(page, person);
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
    });

    test('the settings page shows the account', async ({ page }) => {
      await expect(page.getByTestId('current-email')).toHaveText(person.email);
      await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
      // Fonts and icons settle before the picture is taken.
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: `/tmp/shots/account-${viewport.width}x${viewport.height}.png`,
        fullPage: true,
      });
    });

    test('a new password signs in, the old one no longer does', async ({ page, playwright }) => {
      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByLabel('Current password', { exact: true }).fill('not my password');
      await form.getByLabel('New password', { exact: true }).fill('a better one 2');
      await form.getByLabel('Confirm new password', { exact: true }).fill('a better one 2');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText('Your current password is not right.')).toBeVisible();

      await form.getByLabel('Current password', { exact: true }).fill(person.password);
      await form.getByLabel('Confirm new password', { exact: true }).fill('a better one 3');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText('The two new passwords differ.')).toBeVisible();

      await form.getByLabel('Confirm new password', { exact: true }).fill('a better one 2');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(toasts(page)).toContainText('Your password is changed.');
      await expect(form.getByLabel('Current password', { exact: true })).toHaveValue('');

      // This browser stays signed in.
      await page.reload();
      await expect(page.getByTestId('current-email')).toHaveText(person.email);

      const fresh = await playwright.request.newContext({
        baseURL: test.info().project.use.baseURL,
      });
      expect(await loginStatus(fresh, person.username, person.password)).toBe(401);
      expect(await loginStatus(fresh, person.username, 'a better one 2')).toBe(200);
      await fresh.dispose();
    });

    test('a new email is used once the code mailed there is typed', async ({ page }) => {
      const next = `new.${person.email}`;
      const form = page.getByRole('form', { name: 'Change email' });
      await form.getByLabel('New email').fill(person.email.toUpperCase());
      await form.getByRole('button', { name: 'Send code' }).click();
      await expect(form.getByText('This is already your email address.')).toBeVisible();

      await form.getByLabel('New email').fill(next);
      await form.getByRole('button', { name: 'Send code' }).click();
      const step = page.getByRole('form', { name: 'Confirm new email' });
      await expect(step.getByRole('status')).toContainText(`We sent a 6-digit code to ${next}`);

      const code = await mailedCode(page.request, next, 'email change');
      await step.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
      await step.getByRole('button', { name: 'Confirm' }).click();
      await expect(
        step.getByText('That code isn’t right. Check the mail and try again.'),
      ).toBeVisible();

      await step.getByLabel('Code').fill(code);
      await step.getByRole('button', { name: 'Confirm' }).click();
      await expect(toasts(page)).toContainText(`Your email is now ${next}.`);
      await expect(page.getByTestId('current-email')).toHaveText(next);
      expect(await loginStatus(page.request, next, person.password)).toBe(200);
    });

    test('a deleted account is gone and cannot sign in', async ({ page }) => {
      const form = page.getByRole('form', { name: 'Delete account' });
      await form.getByLabel('Your password', { exact: true }).fill('not my password');
      await form.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await dialog.getByRole('button', { name: 'Delete everything' }).click();
      await expect(form.getByText('Your current password is not right.')).toBeVisible();
      await expect(dialog).toBeHidden();

      await form.getByLabel('Your password', { exact: true }).fill(person.password);
      await form.getByRole('button', { name: 'Delete account' }).click();
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await form.getByRole('button', { name: 'Delete account' }).click();
      await dialog.getByRole('button', { name: 'Delete everything' }).click();

      await expect(page).toHaveURL(/\/login/);
      await expect(
        page.getByRole('status').filter({ hasText: 'Your account is deleted' }),
      ).toBeVisible();
      expect(await loginStatus(page.request, person.username, person.password)).toBe(401);
      expect((await page.request.get('/api/auth/profile')).status()).toBe(401);
    });
  });
}
