import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  audioState,
  createAccount,
  createPlaylist,
  fixture,
  mediaFile,
  playerBar,
  playlistOrder,
  requestAs,
  songNamed,
  statusToast,
  unique,
  uploadSong,
  type SongJSON,
} from './helpers';

/** What a new user stumbled on. */

interface FullSong extends SongJSON {
  coverSmall: string;
  albumId: string;
}

/** The row of a song in the page's song list. */
function row(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
}

async function allSongs(request: APIRequestContext): Promise<FullSong[]> {
  const res = await request.get('/api/search/all');
  expect(res.status()).toBe(200);
  return (await res.json()) as FullSong[];
}

/** Waits until the page's heading is up and nothing in it says it is still loading. */
async function settled(page: Page) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('main').getByText(/^Loading/)).toHaveCount(0);
}

const rawId = /\b[0-9a-f]{24}\b/;

test('add to playlist lists your playlists at once, filters them and makes a new one', async ({
  page,
  listener,
}) => {
  // Three dialogs, a new playlist and the keyboard walk: a long flow.
  test.slow();
  expect(listener.username).toBeTruthy();
  const older = await createPlaylist(page.request, unique('Older '));
  const newer = await createPlaylist(page.request, unique('Newer '));

  await page.goto('/songs');
  await row(page, 'Midnight Harbour')
    .getByRole('button', { name: 'Add Midnight Harbour to playlist' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
  const filter = dialog.getByRole('searchbox', { name: 'Filter playlists' });
  await expect(filter).toBeFocused();
  // Without typing anything: every playlist, the newest first.
  const options = dialog.getByRole('list', { name: 'Your playlists' }).getByRole('button');
  await expect(options).toHaveText([new RegExp(newer.name), new RegExp(older.name)]);

  await filter.fill('older');
  await expect(options).toHaveText([new RegExp(older.name)]);

  const fresh = unique('Fresh Finds ');
  await filter.fill(fresh);
  await expect(options).toHaveCount(0);
  await dialog.getByRole('button', { name: new RegExp(`^New playlist “${fresh}”`) }).click();
  await expect(dialog).toBeHidden();
  await expect(statusToast(page)).toContainText(`Added to “${fresh}”`);
  const mine = (await (await page.request.get('/api/playlist/all')).json()) as {
    _id: string;
    name: string;
  }[];
  const made = mine.find((p) => p.name === fresh)!;
  expect(mine[0]!._id).toBe(made._id);
  expect(await playlistOrder(page.request, made._id)).toEqual(['Midnight Harbour']);

  // By keyboard alone: ↓ past New playlist to the newest playlist, Enter adds.
  await row(page, 'Dandelion Road')
    .getByRole('button', { name: 'Add Dandelion Road to playlist' })
    .click();
  await expect(filter).toBeFocused();
  await expect(options.first()).toHaveText(new RegExp(fresh));
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('button', { name: /^New playlist/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(options.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => playlistOrder(page.request, made._id))
    .toEqual(['Midnight Harbour', 'Dandelion Road']);

  // New playlist with nothing typed asks for the name.
  await row(page, 'Porch Light Lullaby')
    .getByRole('button', { name: 'Add Porch Light Lullaby to playlist' })
    .click();
  await dialog.getByRole('button', { name: /^New playlist/ }).click();
  const named = unique('Named ');
  await dialog.getByRole('textbox', { name: 'New playlist name' }).fill(named);
  await page.keyboard.press('Enter');
  await expect(statusToast(page)).toContainText(`Added to “${named}”`);
});

test('a playlist without a cover shows a mosaic of its first four songs’ covers', async ({
  page,
  listener,
}) => {
  expect(listener.username).toBeTruthy();
  // Four songs with covers of their own, each different.
  const seen = new Set<string>();
  const four = (await allSongs(page.request)).filter((s) => {
    if (s.coverSmall === '/default-cover.svg' || seen.has(s.coverSmall)) return false;
    seen.add(s.coverSmall);
    return true;
  });
  expect(four.length).toBeGreaterThanOrEqual(4);
  const songs = four.slice(0, 4);
  const name = unique('Tiles ');
  const playlist = await createPlaylist(
    page.request,
    name,
    songs.map((s) => s._id),
  );
  // Each tile is one of the song's cover renditions (a size, WebP or JPEG).
  const tiles = songs.map((s) => mediaFile(s.coverSmall).replace(/-160\.jpg$/, ''));

  await page.goto('/playlist');
  const card = page.getByRole('article', { name });
  const cardTiles = card.locator('.pl-mosaic img');
  await expect(cardTiles).toHaveCount(4);
  const cardSources = await cardTiles.evaluateAll((imgs) =>
    imgs.map((img) =>
      new URL(
        (img as HTMLImageElement).currentSrc || img.getAttribute('src')!,
        location.href,
      ).pathname.replace(/-(160|320|640)\.(jpg|webp)$/, ''),
    ),
  );
  expect(cardSources).toEqual(tiles);
  // The four tiles fill the four corners, each a quarter of the square.
  const mosaicBox = (await card.locator('.pl-mosaic').boundingBox())!;
  const boxes = await Promise.all(
    [0, 1, 2, 3].map(async (i) => (await cardTiles.nth(i).boundingBox())!),
  );
  for (const box of boxes) {
    expect(Math.abs(box.width - mosaicBox.width / 2)).toBeLessThan(2);
    expect(Math.abs(box.height - mosaicBox.height / 2)).toBeLessThan(2);
  }
  const corners = new Set(
    boxes.map(
      (b) =>
        `${Math.round((b.x - mosaicBox.x) / b.width)},${Math.round((b.y - mosaicBox.y) / b.height)}`,
    ),
  );
  expect([...corners].sort()).toEqual(['0,0', '0,1', '1,0', '1,1']);
  // Every tile is a real picture, not a broken image.
  await expect
    .poll(() =>
      cardTiles.evaluateAll((imgs) =>
        imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);

  await page.goto(`/player/${playlist._id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('.page-hero .pl-mosaic img')).toHaveCount(4);

  // A playlist of one song shows that song's cover whole.
  const solo = await createPlaylist(page.request, unique('Solo '), [songs[0]!._id]);
  await page.goto(`/player/${solo._id}`);
  await expect(page.locator('.page-hero .pl-mosaic')).toHaveCount(0);
  await expect(page.locator('.page-hero__art img.cover')).toHaveAttribute(
    'src',
    new RegExp(`^${mediaFile(songs[0]!.coverSmall).replace('-160.jpg', '-640.jpg')}`),
  );
});

test('no raw id shows on the main pages', async ({ page, listener }) => {
  expect(listener.username).toBeTruthy();
  const harbour = (await allSongs(page.request)).find((s) => s.song === 'Midnight Harbour')!;
  const playlist = await createPlaylist(page.request, unique('Ids '), [harbour._id]);
  await page.goto(`/player/${playlist._id}`);
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect(playerBar(page)).toContainText('Midnight Harbour');
  await playerBar(page).getByRole('button', { name: 'Pause' }).click();

  for (const path of [
    '/home',
    '/songs',
    '/playlist',
    `/player/${playlist._id}`,
    '/profile',
    '/followuser?username=demo',
    '/queue',
    '/albums',
    `/album/${harbour.albumId}`,
  ]) {
    await page.goto(path);
    await settled(page);
    const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
    expect(text, `a raw id on ${path}`).not.toMatch(rawId);
  }
});

test('counts read in the right number: 1 follower, 1 play, 1 song', async ({
  page,
  request,
  listener,
}) => {
  // One follower, made apart from the page, which stays signed in as the listener.
  const fan = await createAccount(request);
  const fanRequest = await requestAs(fan);
  const users = (await (await fanRequest.get('/api/auth/all')).json()) as {
    users: { _id: string; username: string }[];
  };
  const me = users.users.find((u) => u.username === listener.username)!;
  expect((await fanRequest.post('/api/auth/allfollow', { data: { id: me._id } })).status()).toBe(
    200,
  );
  await fanRequest.dispose();
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: '1 Follower', exact: true })).toBeVisible();

  // One play of one song, in a playlist of one song.
  const song = await uploadSong(page.request, 'Single Spin', fixture('audio', 'tune-12s.mp3'));
  expect((await page.request.post('/api/view/increase', { data: { song: song._id } })).ok()).toBe(
    true,
  );
  const playlist = await createPlaylist(page.request, unique('One '), [song._id]);
  await page.goto(`/player/${playlist._id}`);
  await expect(page.locator('.page-hero__meta')).toContainText(/\b1 song, \d+ sec$/);
  const spin = row(page, 'Single Spin');
  await expect(spin).toContainText('1 play');
  await expect(spin).not.toContainText('1 plays');
  await page.goto('/playlist');
  await expect(page.getByRole('article', { name: playlist.name })).toContainText('1 song');
  await expect(page.getByRole('article', { name: playlist.name })).not.toContainText('1 songs');
});

test("the song row's buttons name the song", async ({ page, listener }) => {
  expect(listener.username).toBeTruthy();
  await page.goto('/songs');
  const harbour = row(page, 'Midnight Harbour');
  for (const name of [
    'Play Midnight Harbour',
    'Add Midnight Harbour to playlist',
    'Like Midnight Harbour',
    'Share Midnight Harbour',
    'More options for Midnight Harbour',
  ]) {
    await expect(harbour.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await harbour.getByRole('button', { name: 'Like Midnight Harbour', exact: true }).click();
  await expect(
    harbour.getByRole('button', { name: 'Unlike Midnight Harbour', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await harbour.getByRole('button', { name: 'More options for Midnight Harbour' }).click();
  await expect(page.getByRole('menuitem', { name: 'Add to playlist' })).toBeVisible();
});

test('the album page plays, from the top and from a clicked track', async ({ page, listener }) => {
  expect(listener.username).toBeTruthy();
  // The tagged fixture album: Low Tide Tapes, two tracks of a few seconds.
  const first = (await uploadSong(
    page.request,
    'Harbor Lights',
    fixture('audio', 'album-track1.mp3'),
  )) as FullSong;
  const second = (await uploadSong(
    page.request,
    'Afterglow',
    fixture('audio', 'album-track2.mp3'),
  )) as FullSong;
  expect(second.albumId).toBe(first.albumId);

  await page.goto(`/album/${first.albumId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Low Tide Tapes' })).toBeVisible();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(first.audio));
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.3);
  await playerBar(page).getByRole('button', { name: 'Pause' }).click();

  await row(page, 'Afterglow').getByText('Afterglow', { exact: true }).click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(second.audio));
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.3);
  await expect(playerBar(page)).toContainText('Afterglow');
});

test('lengths read one way: tracks as m:ss, lists in whole minutes', async ({ page, listener }) => {
  expect(listener.username).toBeTruthy();
  const names = ['Midnight Harbour', 'Dandelion Road', 'Porch Light Lullaby', 'Library Cat'];
  const songs = await Promise.all(names.map((n) => songNamed(page.request, n)));
  const playlist = await createPlaylist(
    page.request,
    unique('Lengths '),
    songs.map((s) => s._id),
  );
  const total = songs.reduce((sum, s) => sum + s.duration, 0);
  expect(total).toBeGreaterThan(90);
  const clock = (seconds: number) =>
    `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

  await page.goto(`/player/${playlist._id}`);
  await expect(page.locator('.page-hero__meta')).toContainText(
    `4 songs, ${Math.round(total / 60)} min`,
  );
  await expect(page.locator('.song-row__time')).toHaveText(songs.map((s) => clock(s.duration)));

  // The queue says the same of what is up next.
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect(playerBar(page)).toContainText('Midnight Harbour');
  await playerBar(page).getByRole('button', { name: 'Pause' }).click();
  await page.goto('/queue');
  const upNext = songs.slice(1).reduce((sum, s) => sum + s.duration, 0);
  await expect(page.getByRole('main')).toContainText(
    `3 songs, ${Math.round(upNext / 60)} min up next.`,
  );
});
