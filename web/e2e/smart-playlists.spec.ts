import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createPlaylist, songNamed } from './helpers';

/**
 * Where screenshots go when SMART_SHOTS names a directory; the spec drives the screens they
 * show either way.
 */
async function shot(page: Page, name: string) {
  const dir = process.env.SMART_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** Likes songs of the imported library as the signed-in listener: the rules below read likes. */
async function like(request: APIRequestContext, names: string[]) {
  for (const name of names) {
    const song = await songNamed(request, name);
    const res = await request.post('/api/like/add', { data: { song: song._id } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

function condition(scope: Locator, label: string) {
  return scope.getByRole('group', { name: `Condition on ${label}` });
}

/** Sets a condition's field, as a person picks it from the select. */
async function pick(cond: Locator, field: string) {
  await cond.getByRole('combobox', { name: 'Field' }).selectOption({ label: field });
}

const LIKED = ['Blue Night Low', 'Night Gold Low', 'Summer Night Low', 'Heart Fire Low'];

test('builds a smart playlist with a nested group, saves it and edits its rules', async ({
  page,
  listener,
}) => {
  // Rules, a nested group, saving and editing again: a long flow.
  test.slow();
  void listener;
  await like(page.request, LIKED);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/playlist');
  await page.getByRole('button', { name: 'New smart playlist' }).click();
  const editor = page.getByRole('dialog', { name: 'New smart playlist' });
  await expect(editor).toBeVisible();
  await editor.getByRole('textbox', { name: 'Name' }).fill('Liked nights');

  // Liked is yes…
  const rules = editor.getByRole('group', { name: 'Rules' });
  await pick(condition(rules, 'Artist'), 'Liked');
  const liked = condition(rules, 'Liked');
  await expect(liked.getByRole('radio', { name: 'Yes' })).toHaveAttribute('aria-checked', 'true');

  // …and any of: title contains "night", title contains "fire".
  await rules.getByRole('button', { name: 'Add group', exact: true }).click();
  const group = rules.getByRole('group', { name: 'Group at level 2' });
  await expect(editor.getByTestId('smart-count')).toContainText('please type some text');
  await pick(condition(group, 'Genre'), 'Title');
  const night = condition(group, 'Title');
  await night.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'contains' });
  await night.getByRole('textbox', { name: 'Title text' }).fill('night');
  await group.getByRole('button', { name: 'Add condition', exact: true }).click();
  const second = group.getByRole('group', { name: 'Condition on Artist' });
  await pick(second, 'Title');
  const fire = group.getByRole('group', { name: 'Condition on Title' }).nth(1);
  await fire.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'contains' });
  await fire.getByRole('textbox', { name: 'Title text' }).fill('fire');

  const count = editor.getByTestId('smart-count');
  await expect(count).toHaveText('4 songs match');
  const preview = editor.getByRole('list', { name: 'Matching songs' });
  await expect(preview.getByRole('listitem')).toHaveCount(4);
  await expect(preview).toContainText('Heart Fire Low');

  // The group switched to "all": night and fire at once, no song.
  await group.getByRole('radio', { name: 'all' }).click();
  await expect(count).toHaveText('0 songs match');
  await group.getByRole('radio', { name: 'any' }).click();
  await expect(count).toHaveText('4 songs match');
  await shot(page, 'editor-1280');

  await editor.getByRole('button', { name: 'Create smart playlist' }).click();
  await expect(editor).toBeHidden();
  const card = page.getByRole('article', { name: 'Liked nights' });
  await expect(card).toContainText('4 songs');
  await shot(page, 'playlists-1280');

  // The playlist: its songs, marked smart, with no hand edits offered.
  await card.getByRole('link', { name: 'Liked nights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liked nights' })).toBeVisible();
  await expect(page.getByText('Smart playlist', { exact: true })).toBeVisible();
  const songs = page.getByRole('list', { name: 'Songs in Liked nights' });
  await expect(songs.locator('.song-row__title')).toHaveCount(4);
  await expect(songs.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await shot(page, 'playlist-1280');

  // Edit the rules: without "fire", three songs.
  await page.getByRole('button', { name: 'Edit rules' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit smart playlist' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue('Liked nights');
  await expect(edit.getByTestId('smart-count')).toHaveText('4 songs match');
  await edit
    .getByRole('group', { name: 'Group at level 2' })
    .getByRole('button', { name: 'Remove condition on Title' })
    .nth(1)
    .click();
  await expect(edit.getByTestId('smart-count')).toHaveText('3 songs match');
  await edit.getByRole('button', { name: 'Save rules' }).click();
  await expect(edit).toBeHidden();
  await expect(songs.locator('.song-row__title')).toHaveCount(3);
  await expect(songs).not.toContainText('Heart Fire Low');

  // The playlist is read live: a song no longer liked leaves it.
  const blue = await songNamed(page.request, 'Blue Night Low');
  const unlike = await page.request.delete(`/api/like/${blue._id}`);
  expect(unlike.status(), await unlike.text()).toBe(200);
  await page.reload();
  await expect(songs.locator('.song-row__title')).toHaveCount(2);
  await expect(songs).not.toContainText('Blue Night Low');

  // "Add to playlist" offers the playlists made by hand only.
  await createPlaylist(page.request, 'Hand picked');
  await page.goto('/songs');
  await page
    .getByRole('listitem')
    .filter({ has: page.getByText('Midnight Harbour', { exact: true }) })
    .getByRole('button', { name: 'Add Midnight Harbour to playlist' })
    .click();
  const add = page.getByRole('dialog', { name: 'Add to playlist' });
  await expect(add.getByRole('button', { name: 'Hand picked', exact: true })).toBeVisible();
  await expect(add.getByRole('button', { name: 'Liked nights', exact: true })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the editor is usable and the playlist shows its songs', async ({ page, listener }) => {
    void listener;
    await like(page.request, LIKED);
    await page.goto('/playlist');
    await page.getByRole('button', { name: 'New smart playlist' }).click();
    const editor = page.getByRole('dialog', { name: 'New smart playlist' });
    await editor.getByRole('textbox', { name: 'Name' }).fill('Gold and fire');
    const rules = editor.getByRole('group', { name: 'Rules' });
    await pick(condition(rules, 'Artist'), 'Liked');
    await rules.getByRole('button', { name: 'Add group', exact: true }).click();
    const group = rules.getByRole('group', { name: 'Group at level 2' });
    await pick(condition(group, 'Genre'), 'Title');
    await condition(group, 'Title')
      .getByRole('combobox', { name: 'Operator' })
      .selectOption({ label: 'contains' });
    await condition(group, 'Title').getByRole('textbox', { name: 'Title text' }).fill('gold');
    await editor.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Title' });
    await expect(editor.getByTestId('smart-count')).toHaveText('1 song matches');
    // The count stays in sight beside Save while the rules fill the screen.
    await expect(editor.locator('.smart__mini-count')).toBeInViewport();
    await expect(editor.locator('.smart__mini-count')).toHaveText('1 song matches');
    await shot(page, 'editor-390');

    // Nothing of a row spills past the phone's width.
    for (const el of await editor.locator('.smart-cond').all()) {
      const box = await el.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    const save = editor.getByRole('button', { name: 'Create smart playlist' });
    await expect(save).toBeInViewport();
    await save.click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('article', { name: 'Gold and fire' })).toContainText('1 song');
    await shot(page, 'playlists-390');
    await page
      .getByRole('article', { name: 'Gold and fire' })
      .getByRole('link', { name: 'Gold and fire' })
      .click();
    const songs = page.getByRole('list', { name: 'Songs in Gold and fire' });
    await expect(songs.locator('.song-row__title')).toHaveText(['Night Gold Low']);
    await expect(page.getByRole('button', { name: 'Edit rules' })).toBeVisible();
    await shot(page, 'playlist-390');
  });
});
