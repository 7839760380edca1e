import { expect, test } from './fixtures';
import { createAccount, fixture, newAccount, signIn, type Account } from './helpers';

// A person chooses a picture in Settings: it shows in the account menu, on
// their profile and in everyone else's list of people; a file that is not an
// image is refused with a message; removing it brings the initial back.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    let person: Account;
    test.beforeEach(async ({ page }) => {
      person = await createAccount(page.request, newAccount());
      await signIn(page, person);
      await page.goto('/settings');
    });

    test('a profile picture is chosen, seen by others and removed', async ({ page, browser }) => {
      const section = page.getByRole('region', { name: 'Profile picture' });
      const menuPicture = page
        .getByRole('button', { name: `Account menu for ${person.username}` })
        .locator('img');
      await expect(menuPicture).toHaveCount(0);

      // Not an image: the server reads the content, whatever the name says.
      await section.getByLabel('Picture file').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: Buffer.from('this is not a picture'),
      });
      await expect(section.getByRole('alert')).toContainText('not an image we can use');
      await expect(menuPicture).toHaveCount(0);

      await section.getByLabel('Picture file').setInputFiles(fixture('images', 'cover.png'));
      await expect(section.getByRole('button', { name: 'Change picture' })).toBeVisible();
      await expect(section.getByRole('alert')).toHaveCount(0);
      await expect(menuPicture).toHaveAttribute('src', /-160\.jpg$/);
      await expect
        .poll(() => menuPicture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(160);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: `/tmp/shots/picture-${viewport.width}x${viewport.height}.png`,
      });

      await page.goto('/profile');
      await expect(page.locator('.page-hero img.avatar')).toHaveAttribute('src', /-640\.jpg$/);

      // Someone else sees it in the list of people.
      const other = await browser.newContext({
        viewport,
        baseURL: test.info().project.use.baseURL,
      });
      const otherPage = await other.newPage();
      await signIn(otherPage, await createAccount(otherPage.request, newAccount()));
      await otherPage.goto('/allusers');
      const card = otherPage.getByRole('listitem').filter({
        has: otherPage.getByRole('link', { name: `View profile of ${person.username}` }),
      });
      await expect(card.locator('img.avatar')).toHaveAttribute('src', /-160\.jpg$/);
      await other.close();

      await page.goto('/settings');
      await section.getByRole('button', { name: 'Remove' }).click();
      await expect(section.getByRole('button', { name: 'Choose a picture' })).toBeVisible();
      await expect(menuPicture).toHaveCount(0);
      await expect(section.locator('.avatar')).toHaveText(
        person.username.slice(0, 1).toUpperCase(),
      );
    });
  });
}
