import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  audioState,
  demoListener,
  mediaFile,
  playlistsOf,
  requestAs,
  songNamed,
  statusToast,
} from './helpers';

/** A user's card on /allusers: the one whose link opens their profile. */
function userCard(page: Page, username: string) {
  return page
    .getByRole('list', { name: 'Users' })
    .getByRole('listitem')
    .filter({
      has: page.locator(`a[href="/followuser?username=${encodeURIComponent(username)}"]`),
    });
}

/** Looks a user up by name through /api/auth/all as the user of `request`. */
async function userId(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.get('/api/auth/all');
  const { users } = (await res.json()) as { users: { _id: string; username: string }[] };
  const user = users.find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  return user._id;
}

test('follows someone from all users, sees them on Following and unfollows', async ({
  page,
  listener,
}) => {
  // An artist of the demo catalog.
  const them = 'paper-moons';
  expect(listener.username).toBeTruthy();

  await page.goto('/allusers');
  const card = userCard(page, them);
  // An artist goes by the name they chose, and says so; a listener says that.
  await expect(card).toContainText('Paper Moons');
  await expect(card).toContainText(/Artist · \d+ songs/);
  await expect(card).not.toContainText(them);
  await expect(userCard(page, listener.username)).toHaveCount(0);
  // The button turns at once; the reload must wait for the request that saves it.
  const followed = page.waitForResponse((r) => r.url().endsWith('/api/auth/allfollow') && r.ok());
  await card.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Following' })).toBeVisible();
  await followed;
  await page.reload();
  await expect(card.getByRole('button', { name: 'Following' })).toBeVisible();

  await page.goto('/followings');
  const people = page.getByRole('list', { name: 'Following' });
  const person = people.getByRole('listitem').filter({ hasText: them });
  await expect(person).toBeVisible();
  await expect(person.getByRole('link', { name: 'Profile' })).toHaveAttribute(
    'href',
    `/followuser?username=${them}`,
  );
  await person.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByText("You're not following anyone yet")).toBeVisible();

  // 'Following' on the card unfollows too, without asking.
  await page.goto('/allusers');
  const unfollowed = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/api/auth/follow/') && r.ok(),
  );
  await card.getByRole('button', { name: 'Follow', exact: true }).click();
  await card.getByRole('button', { name: 'Following' }).click();
  await expect(card.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await unfollowed;
  await page.reload();
  await expect(card.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
});

test('someone follows you: they show on Followers, the counts are right, and you remove them', async ({
  page,
  listener,
}) => {
  // The demo listener follows us; we follow two artists of the demo catalog.
  const fan = await requestAs(demoListener);
  const me = await userId(fan, listener.username);
  expect((await fan.post('/api/auth/allfollow', { data: { id: me } })).status()).toBe(200);
  for (const idol of ['pixel-parade', 'sleepy-kettle']) {
    const id = await userId(page.request, idol);
    expect((await page.request.post('/api/auth/allfollow', { data: { id } })).status()).toBe(200);
  }

  await page.goto('/profile');
  await expect(page.getByRole('link', { name: '1 Follower', exact: true })).toHaveAttribute(
    'href',
    '/followers',
  );
  await expect(page.getByRole('link', { name: '2 Following' })).toHaveAttribute(
    'href',
    '/followings',
  );
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/allusers');

  await page.getByRole('link', { name: '1 Follower', exact: true }).click();
  await expect(page).toHaveURL(/\/followers$/);
  const follower = page
    .getByRole('list', { name: 'Followers' })
    .getByRole('listitem')
    .filter({ hasText: 'demo' });
  await follower.getByRole('button', { name: 'Remove follower' }).click();
  await expect(statusToast(page)).toContainText('demo no longer follows you');
  await expect(page.getByText('No followers yet')).toBeVisible();
  const theirs = (await (await fan.get('/api/auth/followings')).json()) as {
    followingusername: string;
  }[];
  expect(theirs.map((r) => r.followingusername)).not.toContain(listener.username);
  await fan.dispose();

  await page.goto('/profile');
  await expect(page.getByRole('link', { name: '0 Followers' })).toBeVisible();
  await expect(page.getByRole('link', { name: '2 Following' })).toBeVisible();
});

test('Home shows what the people you follow did; a song plays, a playlist opens', async ({
  page,
  listener,
}) => {
  await page.goto('/home');
  await expect(page.getByText('Follow people to see what they play')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find people' })).toHaveAttribute(
    'href',
    '/allusers',
  );
  expect(listener.username).toBeTruthy();

  // The demo listener made playlists; neon-harbor uploaded the demo songs.
  const drive = (await playlistsOf(page.request, 'demo')).find(
    (p) => p.name === 'Late Night Drive',
  )!;
  const song = await songNamed(page.request, 'Midnight Harbour');
  const harbor = await userId(page.request, 'neon-harbor');
  await page.request.post('/api/auth/allfollow', { data: { id: harbor } });

  await page.goto('/followuser?username=demo');
  // The button turns at once; the page is left only once the server has it.
  const followed = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/allfollow') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  expect((await followed).status()).toBe(200);

  await page.goto('/home');
  const feed = page.getByRole('list', { name: 'From people you follow' });
  const playlistCard = feed.getByRole('link', { name: 'demo made a playlist Late Night Drive' });
  await expect(playlistCard).toBeVisible();
  await feed.getByRole('button', { name: 'neon-harbor uploaded Midnight Harbour' }).click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(song.audio));
  await expect(feed.getByRole('button', { name: /^demo liked / }).first()).toBeVisible();
  await playlistCard.click();
  await expect(page).toHaveURL(new RegExp(`/player/${drive._id}$`));
});
