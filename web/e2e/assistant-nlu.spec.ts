import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createPlaylist, playerBar, playlistOrder, statusToast } from './helpers';

// The sentences the assistant was built to answer, typed as a new user
// would, on the demo catalog: each gets an answer that names real songs and
// offers something to do.
// Each test signs up a listener of its own: a user may send 20 messages a minute.

/**
 * The song titles an answer names, in order. Which songs are calm depends
 * on whether the demo songs' audio analysis has run yet (by measured
 * energy and tempo, else by genre), so the tests follow the answers.
 */
async function named(reply: Locator): Promise<string[]> {
  return [...(await reply.innerText()).matchAll(/“([^”]+)”/g)].map((m) => m[1]!);
}

async function openChat(page: Page) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Musicify' });
  const input = chat.getByRole('textbox', { name: 'Enter a message...' });
  let asked = 0;
  /** Sends a message and returns its reply bubble, once it has arrived. */
  async function ask(text: string) {
    await input.fill(text);
    await input.press('Enter');
    asked += 1;
    // The welcome message is the first incoming bubble.
    const reply = chat.locator('.chat__bubble--incoming').nth(asked);
    await expect(reply).not.toBeEmpty();
    return reply;
  }
  return { chat, ask };
}

test('calm, jazz, artists and songs: answers name real songs and offer to play them', async ({
  page,
  listener,
}) => {
  expect(listener.username).not.toBe('');
  await page.setViewportSize({ width: 1280, height: 800 });
  const { chat, ask } = await openChat(page);

  const calm = await ask('play something calm');
  await expect(calm).toContainText('calm songs: “');
  await expect(calm).not.toContainText('I could not find');
  await expect(chat.getByRole('button', { name: 'Save as “Calm Mix”' })).toBeVisible();

  await expect(await ask('I want to hear some jazz')).toContainText('by The Blue Hours');
  await expect(await ask('who is neon harbor?')).toContainText(
    'Neon Harbor is an artist here with 4 songs of synthwave',
  );
  await expect(await ask('what songs do you have by neon-harbor?')).toContainText(
    'I have 4 songs by Neon Harbor',
  );
  await expect(await ask('who sings Midnight Harbour')).toContainText(
    '“Midnight Harbour” is by Neon Harbor',
  );
  await expect(await ask('what is popular right now')).toContainText('Popular right now: “');
  const recommended = await ask('recommend me something');
  await expect(recommended).not.toContainText('nothing to recommend');
  await expect(recommended).toContainText('“');
  const unknown = await ask('what is the capital of france');
  await expect(unknown).toContainText("I'm not sure what you mean");
  await expect(unknown).toContainText('songs by ');

  // The calm offer plays the first calm song it named.
  const [first] = await named(calm);
  expect(first).toBeTruthy();
  await chat.getByRole('button', { name: 'Play calm songs' }).click();
  await expect(playerBar(page)).toContainText(first!);
});

test('a playlist of upbeat songs, and a 20-minute one for running, are made from the offer', async ({
  page,
  listener,
}) => {
  expect(listener.username).not.toBe('');
  const { chat, ask } = await openChat(page);
  await expect(await ask('make me a playlist of upbeat songs')).toContainText(
    'I can make “Upbeat Mix” with',
  );
  const running = await ask('a 20-minute playlist for running');
  await expect(running).toContainText('I can make “Running Mix (20 min)”');
  await chat.getByRole('button', { name: 'Create “Running Mix (20 min)”' }).click();
  await expect(page).toHaveURL(/\/player\/[0-9a-f]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Running Mix (20 min)' })).toBeVisible();
  await expect(statusToast(page)).toContainText('Created “Running Mix (20 min)” with');
});

test('follow-ups: another one, then add them to a playlist by the start of its name', async ({
  page,
  listener,
}) => {
  expect(listener.username).not.toBe('');
  const focus = await createPlaylist(page.request, 'Focus Flow');
  const { chat, ask } = await openChat(page);
  const calm = await named(await ask('play something calm'));
  expect(calm.length).toBeGreaterThan(1);
  const another = await ask('another one');
  await expect(another).toContainText(/How about “[^”]+”/);

  const offer = await ask('add them to Focus');
  await expect(offer).toContainText('to “Focus Flow”');
  await chat.getByRole('button', { name: 'Add to “Focus Flow”' }).click();
  await expect(page).toHaveURL(new RegExp(`/player/${focus._id}$`));
  const toast = page.getByRole('region', { name: 'Notifications' });
  await expect(toast).toContainText(/Added \d+ songs?/);
  const added = Number(/Added (\d+) song/.exec(await toast.innerText())![1]);
  const offered = /these (\d+) songs/.exec(await offer.innerText());
  if (offered) expect(added).toBe(Number(offered[1]));
  // The playlist holds what was added, the calm songs the first answer began with among them.
  const songs = await playlistOrder(page.request, focus._id);
  expect(songs).toHaveLength(added);
  expect(songs).toContain(calm[0]);
});
