import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  audioState,
  createAccount,
  fixture,
  mediaFile,
  newAccount,
  playerBar,
  requestAs,
  unique,
  uploadSong,
  type SongJSON,
} from './helpers';

interface TaggedSong extends SongJSON {
  albumId: string;
  album: string;
  track: number;
}

/**
 * Uploads the two tracks of the tagged fixture album (Low Tide Tapes, Dream
 * Pop, 1994), the second track first: the album must order them by their tags.
 */
async function uploadAlbum(request: APIRequestContext) {
  const second = (await uploadSong(
    request,
    'Afterglow',
    fixture('audio', 'album-track2.mp3'),
    fixture('images', 'cover.png'),
  )) as TaggedSong;
  const first = (await uploadSong(
    request,
    'Harbor Lights',
    fixture('audio', 'album-track1.mp3'),
  )) as TaggedSong;
  expect(first.albumId).toBe(second.albumId);
  return { first, second, albumId: first.albumId };
}

/**
 * Another person, with a hyphen in the name, who uploaded the album; made in
 * a request context of its own, so the page stays signed in as itself.
 */
async function uploader(api: APIRequestContext) {
  const username = unique('e2e-band-');
  const account = await createAccount(api, {
    ...newAccount(),
    username,
    email: `${username}@example.com`,
  });
  const request = await requestAs(account);
  const album = await uploadAlbum(request);
  await request.dispose();
  return { account, ...album };
}

function albumCard(page: Page, albumId: string) {
  return page.locator(`a.album-card[href="/album/${albumId}"]`);
}

test('an uploaded album: Albums view, album page in track order, play, artist page and follow', async ({
  page,
  signedIn,
  request,
}) => {
  expect(signedIn.username).not.toBe('');
  const { account, first, albumId } = await uploader(request);
  const artist = account.username.replace(/-/g, ' ');

  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Albums' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Albums' })).toBeVisible();
  // Newest first: the album just uploaded is on the first page.
  const card = albumCard(page, albumId);
  await expect(card).toContainText('Low Tide Tapes');
  await expect(card).toContainText(`1994 · ${artist}`);
  await card.click();

  await expect(page).toHaveURL(new RegExp(`/album/${albumId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Low Tide Tapes' })).toBeVisible();
  await expect(page.getByText('2 songs, 7 sec')).toBeVisible();
  const rows = page.getByRole('list', { name: 'Songs of Low Tide Tapes' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('1Harbor Lights');
  await expect(rows.nth(1)).toContainText('2Afterglow');

  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(first.audio));
  await expect(playerBar(page)).toContainText('Harbor Lights');

  await page.getByRole('main').getByRole('link', { name: artist, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/artist/${account.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  const albums = page.getByRole('list', { name: `Albums by ${artist}` });
  await expect(albums.getByRole('link')).toHaveText(['Low Tide Tapes1994']);
  await expect(page.getByRole('link', { name: 'View profile' })).toHaveAttribute(
    'href',
    `/followuser?username=${account.username}`,
  );

  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/auth/followings');
      const list = (await res.json()) as { followingusername: string }[];
      return list.some((f) => f.followingusername === account.username);
    })
    .toBe(true);
  // It holds after a reload: the server has it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Following', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
});

test('the Genres view lists the genre, whose page has the album', async ({ page, listener }) => {
  const { albumId } = await uploadAlbum(page.request);
  await page.goto('/albums');
  await page
    .getByRole('navigation', { name: 'Browse' })
    .getByRole('link', { name: 'Genres' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Genres' })).toBeVisible();
  await page
    .getByRole('list', { name: 'Genres' })
    .getByRole('link', { name: /^Dream Pop/ })
    .click();
  await expect(page).toHaveURL(/\/genre\/Dream%20Pop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dream Pop' })).toBeVisible();
  await expect(albumCard(page, albumId)).toBeVisible();
  const songs = page.getByRole('list', { name: 'Dream Pop songs' });
  await expect(songs.getByRole('link', { name: listener.username.replace(/-/g, ' ') })).toHaveCount(
    2,
  );
});

test('sorting and filtering change the albums grid', async ({ page, listener }) => {
  expect(listener.username).not.toBe('');
  const { albumId } = await uploadAlbum(page.request);
  await page.goto('/albums');
  const grid = page.getByRole('list', { name: 'Albums' });
  const names = grid.locator('.album-card__name');
  const metas = grid.locator('.album-card__meta');
  await expect(albumCard(page, albumId)).toBeVisible();

  await page.getByRole('button', { name: 'A–Z' }).click();
  await expect(page).toHaveURL(/\/albums\?sort=name$/);
  await expect(page.getByRole('button', { name: 'A–Z' })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => {
      const shown = (await names.allTextContents()).map((n) => n.toLowerCase());
      return shown.length > 1 && shown.every((n, i) => i === 0 || shown[i - 1]! <= n);
    })
    .toBe(true);
  // The demo catalog's songs are singles without a year: not every album is of the 1990s.
  await expect
    .poll(async () => (await metas.allTextContents()).some((m) => !m.startsWith('199')))
    .toBe(true);

  await page.getByRole('combobox', { name: 'Decade' }).selectOption({ label: '1990s' });
  await expect(page).toHaveURL(/\/albums\?sort=name&decade=1990$/);
  await expect(albumCard(page, albumId)).toBeVisible();
  await expect
    .poll(async () => (await metas.allTextContents()).every((m) => m.startsWith('199')))
    .toBe(true);

  await page.getByRole('combobox', { name: 'Genre' }).selectOption('Dream Pop');
  await expect(page).toHaveURL(/\/albums\?sort=name&genre=Dream\+Pop&decade=1990$/);
  await expect(albumCard(page, albumId)).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/albums\?sort=name$/);
  await expect
    .poll(async () => (await metas.allTextContents()).some((m) => !m.startsWith('199')))
    .toBe(true);
});

test('an uploader chooses their artist name in Settings, and every listing shows it', async ({
  page,
  listener,
}) => {
  const { albumId } = await uploadAlbum(page.request);
  // Names must be new on the shared test server; capitals are the point.
  const name = `Low Tide Collective ${unique('X').slice(1, 7).toUpperCase()}`;

  await page.goto('/settings');
  const field = page.getByRole('textbox', { name: 'Artist name' });
  await expect(field).toHaveValue(listener.username);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  // A name another artist goes by (the demo's) is refused beside the field.
  await field.fill('neon HARBOR');
  await save.click();
  await expect(
    page.getByText('Another artist on this server is already called "neon HARBOR".', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(field).toBeFocused();

  await field.fill(`  ${name}  `);
  await save.click();
  await expect(page.getByText(`Your songs now go under “${name}”.`)).toBeVisible();
  await expect(field).toHaveValue(name);
  await expect(save).toBeDisabled();

  // The album card, the album's songs and the artist page, opened by the old link.
  await page.goto('/albums');
  await expect(albumCard(page, albumId)).toContainText(`1994 · ${name}`);
  await albumCard(page, albumId).click();
  await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
  await page.goto(`/artist/${listener.username}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // It holds after a reload: the server has it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
