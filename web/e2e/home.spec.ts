import { expect, test } from './fixtures';
import { audioState, playerBar, songNamed } from './helpers';

test('home shows top songs and the recommendations: a song card plays, an artist card opens', async ({
  page,
  listener,
}) => {
  await page.goto('/home');
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(listener.username) }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Top Songs/ })).toHaveAttribute(
    'href',
    '/player/top',
  );

  // A newcomer gets what is popular, and the demo catalog's artists.
  const artists = page.getByRole('list', { name: 'Recommended artists' }).getByRole('link');
  await expect.poll(() => artists.count()).toBeGreaterThan(2);
  const songs = page.getByRole('list', { name: 'Recommended songs' }).getByRole('button');
  await expect.poll(() => songs.count()).toBeGreaterThan(5);

  const second = songs.nth(1);
  const label = (await second.getAttribute('aria-label')) ?? '';
  const title = /^Play (.+) by /.exec(label)?.[1] ?? '';
  expect(title).not.toBe('');
  await second.click();
  await expect(playerBar(page)).toContainText(title);
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.3);
  await expect(second).toHaveAttribute('aria-label', `Pause ${label.slice('Play '.length)}`);

  const artist = artists.first();
  const href = (await artist.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/artist\/.+/);
  const name = decodeURIComponent(href.slice('/artist/'.length)).replace(/-/g, ' ');
  await artist.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('“More like this” lists similar songs, tells the recommender, and one of them plays', async ({
  page,
  listener,
}) => {
  expect(listener.username).not.toBe('');
  const name = 'Midnight Harbour';
  const song = await songNamed(page.request, name);
  await page.goto('/songs');
  const interest = page.waitForRequest(
    (r) => r.url().endsWith('/api/recommend/create') && r.method() === 'POST',
  );
  await page
    .getByRole('button', { name: `More options for ${name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'More like this' }).click();
  expect((await interest).postDataJSON()).toEqual({ song: song._id });

  const list = page.getByRole('dialog').getByRole('list', { name: `Songs like ${name}` });
  const rows = list.getByRole('button');
  await expect.poll(() => rows.count()).toBeGreaterThan(2);
  await expect(list.getByRole('button', { name: new RegExp(`^Play ${name} by`) })).toHaveCount(0);

  const label = (await rows.nth(1).getAttribute('aria-label')) ?? '';
  const title = /^Play (.+) by /.exec(label)?.[1] ?? '';
  expect(title).not.toBe('');
  await rows.nth(1).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(playerBar(page)).toContainText(title);
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.3);
});

test('each recommended song says why it is there, and a like changes them at once', async ({
  page,
  listener,
}) => {
  expect(listener.username).not.toBe('');
  // A newcomer's picks are what is popular, and say so.
  await page.goto('/home');
  const cards = page.getByRole('list', { name: 'Recommended songs' }).getByRole('listitem');
  await expect.poll(() => cards.count()).toBeGreaterThan(5);
  await expect(cards.first()).toContainText('Popular right now');

  // After a like, the picks follow it, and name it as their reason.
  const liked = await songNamed(page.request, 'Midnight Harbour');
  expect((await page.request.post('/api/like/add', { data: { song: liked._id } })).ok()).toBe(true);
  await page.reload();
  await expect
    .poll(async () => (await cards.allTextContents()).join('\n'))
    .toContain('Because you played Midnight Harbour');
});
