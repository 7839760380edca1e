import { expect, test } from './fixtures';
import { createAccount } from './helpers';

const menu = [
  ['Songs', '/songs', 'Songs'],
  ['Albums', '/albums', 'Albums'],
  ['Playlists', '/playlist', 'Your Playlists'],
  ['Artists', '/artist', 'Artists'],
  ['Radio', '/join', 'Join a station!'],
  ['Jam', '/jam', 'Jam'],
  ['Upload song', '/upload', 'Upload song'],
  ['Home', '/home', /^Good (morning|afternoon|evening), /],
  ['Recently played', '/recent', 'Recently played'],
  ['Downloads', '/downloads', 'Downloads'],
  ['Profile', '/profile', null],
] as const;

test('a signed-out visit to the signed-in area goes to log in, keeping the page', async ({
  page,
}) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  for (const path of ['/songs', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
  }
});

test('a signed-in visit to / or /login goes to /home', async ({ page, signedIn }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(signedIn.username) }),
  ).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
});

test('the side menu has the eleven links and each leads to its page', async ({
  page,
  signedIn,
}) => {
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(11);
  await expect(links).toHaveText(menu.map(([label]) => label));

  for (const [label, path, heading] of menu) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: heading ?? signedIn.username }),
    ).toBeVisible();
  }
});

test('every other signed-in route renders its page', async ({ page, signedIn }) => {
  const pages: [string, string | RegExp][] = [
    ['/home', /^Good (morning|afternoon|evening), /],
    ['/genres', 'Genres'],
    ['/player/top', 'Top Songs'],
    ['/followers', 'Followers'],
    ['/followings', 'Following'],
    ['/allusers', 'All users'],
    [`/followuser?username=${signedIn.username}`, signedIn.username],
    ['/share?type=song&id=1', 'Shared song'],
    ['/queue', 'Queue'],
    ['/likes', 'Liked Songs'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.goto('/home');
  for (const title of ['Top Songs', 'Recommended Artist For you', 'Songs Recommended For you']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await page.getByRole('link', { name: /Top Songs/ }).click();
  await expect(page).toHaveURL(/\/player\/top$/);

  await page.goto('/profile');
  await expect(page.getByRole('main').getByText(signedIn.email)).toBeVisible();
  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/allusers$/);
});

test('all users lists the other accounts, and a card opens their profile', async ({
  page,
  signedIn,
  browser,
}) => {
  // Someone else signs up meanwhile; the list shows them, not us.
  const other = await browser.newContext();
  const them = await createAccount(other.request);
  await other.close();

  await page.goto('/allusers');
  await expect(page.getByText(them.username, { exact: true })).toBeVisible();
  await expect(
    page.getByText(signedIn.username, { exact: true }).and(page.locator('main *')),
  ).toHaveCount(0);
  await page.getByRole('link', { name: `View profile of ${them.username}` }).click();
  await expect(page).toHaveURL(/\/followuser\?username=/);
  await expect(page.getByRole('heading', { level: 1, name: them.username })).toBeVisible();
  // Another user's email is never shown; the heading
  // above means the profile has loaded.
  await expect(page.getByText(them.email)).toHaveCount(0);
});

test('the search box, the chat panel and the user menu work', async ({ page, signedIn }) => {
  await page.goto('/songs');
  const search = page.getByRole('searchbox', { name: 'Search...' });
  await expect(search).toHaveAttribute('placeholder', 'Search...');
  await search.fill('lofi');
  await search.press('Enter');
  // The results view opens; the term set by Enter filters the songs page.
  await expect(page).toHaveURL(/\/search\?q=lofi$/);
  await expect(page.getByText('No results for “lofi”')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Songs' }).click();
  await expect(page.getByText('No songs match “lofi” yet')).toBeVisible();

  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Musicify' });
  await expect(chat).toBeVisible();
  await expect(chat.getByText('Welcome to Musicify. How can I help you?')).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Enter a message...' })).toBeFocused();
  await expect(chat.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('banner').getByText(signedIn.email)).toBeVisible();
  await page.getByRole('link', { name: 'Profile', exact: true }).last().click();
  await expect(page).toHaveURL(/\/profile$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slide-in menu opens and closes', async ({ page, signedIn }) => {
    await page.goto('/home');
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(signedIn.username) }),
    ).toBeVisible();
    // The fixed sidebar is hidden on narrow screens.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    const open = page.getByRole('button', { name: 'Open menu' });
    const sheet = page.getByRole('dialog', { name: 'Menu' });

    await open.click();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(11);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await page.mouse.click(375, 420); // the backdrop, right of the panel
    await expect(sheet).toBeHidden();

    await open.click();
    await sheet.getByRole('button', { name: 'Close menu' }).click();
    await expect(sheet).toBeHidden();

    await open.click();
    await sheet.getByRole('link', { name: 'Radio' }).click();
    await expect(page).toHaveURL(/\/join$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Join a station!' })).toBeVisible();
  });
});
