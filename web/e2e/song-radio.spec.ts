import { expect, test } from './fixtures';
import { audioState, mediaFile, playerBar, songNamed, statusToast, type SongJSON } from './helpers';

test('Start song radio plays the song first with a queue of songs like it after', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.username).not.toBe('');
  const name = 'Midnight Harbour';
  const seed = await songNamed(page.request, name);

  // The endpoint the menu asks: the seed first, then more of the catalog.
  const res = await page.request.get(`/api/recommend/radio/${seed._id}`);
  expect(res.status(), await res.text()).toBe(200);
  const radio = (await res.json()) as SongJSON[];
  expect(radio[0]?._id).toBe(seed._id);
  expect(radio.length).toBeGreaterThan(2);

  await page.goto('/songs');
  await page
    .getByRole('button', { name: `More options for ${name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Start song radio' }).click();
  await expect(statusToast(page)).toContainText(`Song radio from “${name}”`);

  // The seed plays, for real: its file is loaded and time moves.
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(seed.audio));
  await expect
    .poll(async () => {
      const a = await audioState(page);
      return !a.paused && a.currentTime > 0.2;
    })
    .toBe(true);
  await expect(playerBar(page)).toContainText(name);

  // The queue holds the radio's other songs after it.
  await playerBar(page).getByRole('link', { name: 'Queue' }).click();
  await expect(page.getByRole('list', { name: 'Now playing' })).toContainText(name);
  const upNext = page.getByRole('list', { name: 'Up next' }).getByRole('listitem');
  await expect.poll(() => upNext.count()).toBeGreaterThan(1);
  await expect(upNext.filter({ hasText: name })).toHaveCount(0);
});
