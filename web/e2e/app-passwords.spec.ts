import { baseURL } from './env';
import { expect, test } from './fixtures';
import { statusToast } from './helpers';

// An app password is made in Settings, shown once with a copy button, listed
// without its secret, and revoked after a confirmation.
test('an app password is shown once, listed, and revoked', async ({ page, context, signedIn }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/home');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'App passwords' })).toBeVisible();

  // How to connect: this server's address and the user's name.
  await expect(
    page.getByText(/Subsonic apps such as Symfonium, DSub, Feishin, Supersonic/),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Server address' })).toHaveValue(baseURL);
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(signedIn.username);
  await expect(page.getByText('No app passwords yet')).toBeVisible();

  // A name is required.
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(/Give the app password a name/)).toBeVisible();

  const name = `Phone ${Date.now().toString(36)}`;
  await page.getByLabel('New app password').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('region', { name: /Your app password for/ }).locator('code');
  await expect(shown).toHaveText(/^[a-z2-9]{24}$/);
  const password = (await shown.textContent()) ?? '';
  await expect(page.getByText(/won’t be shown again/)).toBeVisible();
  // Shown in groups of four, but selected and copied by hand it has no spaces.
  const selected = await shown.evaluate((el) => {
    getSelection()?.selectAllChildren(el);
    return getSelection()?.toString();
  });
  expect(selected).toBe(password);

  await page.getByRole('button', { name: 'Copy app password' }).click();
  await expect(statusToast(page)).toContainText('App password copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);

  const row = page.getByRole('list', { name: 'Your app passwords' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Never used');
  await expect(page.getByText('1 of 20')).toBeVisible();

  // Gone once dismissed, and not to be had again from the page or the API.
  await page.getByRole('button', { name: /Done/ }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  await expect(row).toContainText(name);
  expect(await page.content()).not.toContain(password);
  const listed = await page.request.get('/api/app-passwords');
  expect(await listed.text()).not.toContain(password);

  // The same name again is refused with a reason.
  await page.getByLabel('New app password').fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(/already have an app password with this name/).first()).toBeVisible();

  // Revoking asks first; cancelling keeps it.
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Revoke “${name}”?` });
  await expect(dialog).toContainText('stop working at once');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(statusToast(page)).toContainText(`“${name}” revoked`);
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No app passwords yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No app passwords yet')).toBeVisible();
});
