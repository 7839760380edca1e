import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  audioState,
  createPlaylist,
  fixture,
  playerBar,
  playlistOrder,
  playlistsOf,
  songNamed,
  statusToast,
  unique,
} from './helpers';

/** A card of the /playlist grid by the playlist's name. */
function card(page: Page, name: string) {
  return page.getByRole('article', { name });
}

/** The row of a song in the page's song list. */
function row(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
}

/** The song names of the list, top to bottom. */
function order(page: Page, list: string) {
  return page.getByRole('list', { name: list }).locator('.song-row__title');
}

test('creates a playlist, changes its cover and deletes it', async ({ page, listener }) => {
  await page.goto('/playlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Playlists' })).toBeVisible();
  await expect(page.getByText('You have no playlists yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create playlist' });
  await expect(dialog.getByRole('textbox', { name: 'Playlist name' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Create' }).click();
  dialog = page.getByRole('dialog', { name: 'Create playlist' });
  await dialog.getByRole('textbox', { name: 'Playlist name' }).fill('Road  Trip');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  // The new playlist opens, ready for songs.
  await expect(page).toHaveURL(/\/player\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Road  Trip' })).toBeVisible();
  await page.goBack();
  const trip = card(page, 'Road  Trip');
  await expect(trip).toContainText('0 songs');
  await expect(trip.locator('img')).toHaveAttribute('src', '/default-cover.svg');

  // The same name again (any case) is refused in the dialog.
  await page.getByRole('button', { name: 'Create' }).click();
  dialog = page.getByRole('dialog', { name: 'Create playlist' });
  await dialog.getByRole('textbox', { name: 'Playlist name' }).fill('road  trip');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toContainText('You already have a playlist called “road  trip”.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The menu: exactly Share, Delete, Change cover and Close.
  await trip.getByRole('button', { name: 'More options for Road  Trip' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Share', 'Delete', 'Change cover', 'Close']);
  await menu.getByRole('menuitem', { name: 'Close' }).click();
  await expect(menu).toBeHidden();

  await trip.getByRole('button', { name: /More options/ }).click();
  await page.getByRole('menuitem', { name: 'Change cover' }).click();
  const cover = page.getByRole('dialog', { name: 'Change cover' });
  const file = cover.getByLabel('Cover image');
  await expect(file).toHaveAttribute('accept', 'image/*');
  await expect(file).toHaveAttribute('required', '');
  await file.setInputFiles(fixture('images', 'cover.png'));
  await expect(cover.getByRole('img', { name: 'Preview of the chosen cover' })).toBeVisible();
  await cover.getByRole('button', { name: 'Add' }).click();
  await expect(cover).toBeHidden();
  await expect(trip.locator('img')).toHaveAttribute('src', /^\/media\/covers\//);

  // A click on the cover opens the playlist by its id, which the card does not show.
  const [made] = (await (await page.request.get('/api/playlist/all')).json()) as { _id: string }[];
  const id = made!._id;
  await expect(trip).not.toContainText(id);
  await trip.locator('img').click();
  await expect(page).toHaveURL(new RegExp(`/player/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Road  Trip' })).toBeVisible();
  await expect(page.getByText('This playlist is empty')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: listener.username })).toBeVisible();

  await page.goBack();
  await card(page, 'Road  Trip')
    .getByRole('button', { name: /More options/ })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Road  Trip”?' });
  await confirm.getByRole('button', { name: 'Delete playlist' }).click();
  await expect(statusToast(page)).toContainText('Playlist deleted');
  await expect(page.getByText('You have no playlists yet')).toBeVisible();
});

test('adds songs from /songs, plays, shuffles, reorders and removes them', async ({
  page,
  signedIn,
}) => {
  // Three adds, playback, shuffle, reorder and removal: a long walk.
  test.slow();
  const name = unique('Evening Mix ');
  const playlist = await createPlaylist(page.request, name);
  expect(signedIn.username).toBeTruthy();

  await page.goto('/songs');
  for (const song of ['Midnight Harbour', 'Dandelion Road']) {
    await row(page, song)
      .getByRole('button', { name: `Add ${song} to playlist` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
    await dialog.getByRole('searchbox', { name: 'Filter playlists' }).fill(name.toLowerCase());
    await dialog.getByRole('button', { name, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(statusToast(page)).toContainText(`Added to “${name}”`);
  }
  // Twice is refused with the server's sentence.
  await row(page, 'Midnight Harbour')
    .getByRole('button', { name: 'Add Midnight Harbour to playlist' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
  await dialog.getByRole('searchbox', { name: 'Filter playlists' }).fill(name);
  // The refusal is awaited as an answer: on a busy machine the write can queue
  // behind others for longer than a toast check waits.
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/playlist/add') && r.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name, exact: true }).click();
  expect((await refused).status()).toBe(409);
  await expect(page.getByRole('alert')).toContainText(`This song is already in “${name}”.`);
  await page.keyboard.press('Escape');

  const third = await songNamed(page.request, 'Porch Light Lullaby');
  await page.request.put('/api/playlist/add', { data: { id: playlist._id, songs: third._id } });

  await page.goto(`/player/${playlist._id}`);
  const list = `Songs in ${playlist.name}`;
  await expect(order(page, list)).toHaveText([
    'Midnight Harbour',
    'Dandelion Road',
    'Porch Light Lullaby',
  ]);
  // Songs of a playlist are not downloaded from here.
  await expect(page.getByRole('button', { name: /^Download (?!“)/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Play all' }).click();
  await expect(playerBar(page)).toContainText('Midnight Harbour');
  await expect
    .poll(async () => (await audioState(page)).currentTime, { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  expect((await audioState(page)).paused).toBe(false);

  await page.getByRole('button', { name: 'Shuffle', exact: true }).first().click();
  await expect(playerBar(page).getByRole('button', { name: 'Shuffle' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await playerBar(page).getByRole('button', { name: 'Pause' }).click();

  // Keyboard: Move down, then Alt+↑ on another row.
  await row(page, 'Midnight Harbour')
    .getByRole('button', { name: 'Move Midnight Harbour down' })
    .click();
  await expect(order(page, list)).toHaveText([
    'Dandelion Road',
    'Midnight Harbour',
    'Porch Light Lullaby',
  ]);
  await row(page, 'Porch Light Lullaby')
    .getByRole('button', { name: 'Move Porch Light Lullaby up' })
    .focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(order(page, list)).toHaveText([
    'Dandelion Road',
    'Porch Light Lullaby',
    'Midnight Harbour',
  ]);
  await expect(page.getByText('Moved “Porch Light Lullaby” to position 2 of 3.')).toBeAttached();
  await expect
    .poll(() => playlistOrder(page.request, playlist._id))
    .toEqual(['Dandelion Road', 'Porch Light Lullaby', 'Midnight Harbour']);
  await page.reload();
  await expect(order(page, list)).toHaveText([
    'Dandelion Road',
    'Porch Light Lullaby',
    'Midnight Harbour',
  ]);

  // Drag the last song's handle to the top.
  const grip = page.getByRole('button', { name: 'Reorder Midnight Harbour' });
  await grip.hover(); // scrolled clear of the player bar
  const box = (await grip.boundingBox())!;
  const top = (await row(page, 'Dandelion Road').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (const y of [box.y - 20, top.y + 30, top.y + 5]) await page.mouse.move(box.x + 4, y);
  await page.mouse.up();
  await expect(order(page, list)).toHaveText([
    'Midnight Harbour',
    'Dandelion Road',
    'Porch Light Lullaby',
  ]);
  await expect
    .poll(() => playlistOrder(page.request, playlist._id))
    .toEqual(['Midnight Harbour', 'Dandelion Road', 'Porch Light Lullaby']);

  await row(page, 'Dandelion Road')
    .getByRole('button', { name: 'Remove Dandelion Road from playlist' })
    .click();
  await expect(statusToast(page)).toContainText(`Removed “Dandelion Road” from “${name}”`);
  await expect(order(page, list)).toHaveText(['Midnight Harbour', 'Porch Light Lullaby']);
  await page.reload();
  await expect(order(page, list)).toHaveText(['Midnight Harbour', 'Porch Light Lullaby']);
});

/**
 * Where screenshots go when PLAYLIST_SHOTS names a directory; the spec drives the screens they
 * show either way.
 */
async function shot(page: Page, name: string) {
  const dir = process.env.PLAYLIST_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${dir}/${name}-${w}x${h}.png` });
  }
  if (size) await page.setViewportSize(size);
}

test('the owner edits the name and description of a playlist', async ({ page, listener }) => {
  expect(listener.username).toBeTruthy();
  const first = await songNamed(page.request, 'Midnight Harbour');
  const second = await songNamed(page.request, 'Porch Light Lullaby');
  const playlist = await createPlaylist(page.request, 'Sunday', [first._id, second._id]);
  await page.goto(`/player/${playlist._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday' })).toBeVisible();

  await page.getByRole('button', { name: 'More options for Sunday' }).click();
  await page.getByRole('menuitem', { name: 'Edit details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  const description = dialog.getByRole('textbox', { name: 'Description' });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Sunday');
  await expect(description).toHaveValue('');
  await expect(dialog.getByText('0/300')).toBeVisible();

  // Too long is caught before saving, and the counter says by how much.
  await description.fill('x'.repeat(301));
  await expect(dialog.getByText('301/300')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('at most 300 characters');

  const text =
    'Slow coffee, open windows and the records that never hurry: songs for the first hours of ' +
    'a Sunday, from quiet piano to warm guitar, gathered over a long summer.';
  await name.fill('Sunday  Morning');
  await description.fill(text);
  await expect(dialog.getByText(`${text.length}/300`)).toBeVisible();
  await shot(page, 'edit-details-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday  Morning' })).toBeVisible();
  const shown = page.locator('.pl-description');
  await expect(shown).toHaveText(text);
  await expect(shown).toHaveAttribute('title', text);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday  Morning' })).toBeVisible();
  await expect(page.locator('.pl-description')).toHaveText(text);
  await shot(page, 'playlist-with-description');

  // The dialog opens with what is saved; clearing the description removes it from the page.
  await page.getByRole('button', { name: 'More options for Sunday  Morning' }).click();
  await page.getByRole('menuitem', { name: 'Edit details' }).click();
  await expect(description).toHaveValue(text);
  await description.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.pl-description')).toHaveCount(0);

  // Someone else's playlist offers no Edit details.
  const drive = (await playlistsOf(page.request, 'demo')).find(
    (p) => p.name === 'Late Night Drive',
  )!;
  await page.goto(`/player/${drive._id}`);
  await page.getByRole('button', { name: 'More options for Late Night Drive' }).click();
  await expect(page.getByRole('menuitem', { name: 'Export as M3U8' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit details' })).toHaveCount(0);
});

test("someone else's playlist plays but shows no remove or reorder controls", async ({
  page,
  signedIn,
}) => {
  // The demo listener's playlists, seeded with the demo catalog.
  const theirs = await playlistsOf(page.request, 'demo');
  const drive = theirs.find((p) => p.name === 'Late Night Drive')!;
  expect(drive.count).toBeGreaterThan(1);
  expect(signedIn.username).toBeTruthy();

  await page.goto('/followuser?username=demo');
  await expect(page.getByRole('heading', { level: 1, name: 'demo' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Playlists by demo' });
  await expect(cards.getByRole('article')).toHaveCount(theirs.length);
  await cards.getByRole('link', { name: 'Late Night Drive' }).click();
  await expect(page).toHaveURL(new RegExp(`/player/${drive._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Late Night Drive' })).toBeVisible();
  await expect(order(page, 'Songs in Late Night Drive')).toHaveCount(drive.count);
  for (const name of [/^Remove .* from playlist$/, /^Move .* (up|down)$/, /^Reorder /]) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Play all' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Transcript' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Microphone: off$/ })).toBeVisible();
  // Changing it anyway is refused by the server.
  const res = await page.request.delete(`/api/playlist/delete/${drive._id}`);
  expect(res.status()).toBe(403);

  await page.goto('/player/000000000000000000000000');
  await expect(page.getByText('This playlist does not exist')).toBeVisible();
});

test('the top songs open from Home, read-only', async ({ page, signedIn }) => {
  expect(signedIn.username).toBeTruthy();
  await page.goto('/home');
  await page.getByRole('link', { name: /Top Songs/ }).click();
  await expect(page).toHaveURL(/\/player\/top$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Top Songs' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top Songs' }).getByRole('listitem')).not.toHaveCount(
    0,
  );
  await expect(page.getByRole('button', { name: /^Move .* up$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Download (?!“)/ })).toHaveCount(0);
});
