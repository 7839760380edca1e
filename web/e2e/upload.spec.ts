import fs from 'node:fs';
import { expect, test } from './fixtures';
import { fixture, statusToast, unique } from './helpers';

test('a song uploaded through the form shows on Songs, Artists and its artist page', async ({
  page,
  listener,
}) => {
  const name = unique('Harbour Lights ');
  const artist = listener.username.replace(/-/g, ' ');
  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload song' })).toBeVisible();

  await page.getByLabel('Song name').fill(name);
  await page
    .getByLabel('Upload Song', { exact: true })
    .setInputFiles(fixture('audio', 'tune-12s.mp3'));
  const preview = page.getByLabel('Preview of the chosen song');
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect(page.getByText('tune-12s.mp3')).toBeVisible();
  await page.getByLabel('Upload Song Cover').setInputFiles(fixture('images', 'cover.png'));
  await expect(page.getByRole('img', { name: 'Preview of the chosen cover' })).toBeVisible();
  await page.getByLabel('Lyrics').fill('Lights on the water');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(statusToast(page)).toContainText(`Uploaded “${name}”`);
  const card = page.getByRole('region', { name });
  await expect(card).toContainText(artist);
  await expect(card.locator('img')).toHaveAttribute('src', /^\/media\/covers\//);
  await card.getByRole('link', { name: 'Go to Songs' }).click();

  await expect(page).toHaveURL(/\/songs$/);
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: artist })).toBeVisible();
  await expect(row).toContainText('0:12');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Artists' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  const artistCard = page.getByRole('link', { name: new RegExp(`^${artist}`) });
  await expect(artistCard).toContainText('1 song');
  await artistCard.click();
  await expect(page).toHaveURL(new RegExp(`/artist/${listener.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  await expect(page.getByRole('list', { name: `Songs by ${artist}` })).toContainText(name);
});

test("a refused upload shows the server's message and keeps the form", async ({
  page,
  listener,
}) => {
  expect(listener.username).toContain('-');
  await page.goto('/upload');
  await page.getByLabel('Song name').fill('Not really music');
  await page.getByLabel('Upload Song', { exact: true }).setInputFiles(fixture('audio', 'text.mp3'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const audio = page.getByLabel('Upload Song', { exact: true });
  await expect(audio).toHaveAccessibleDescription(/This file is not an audio file we can play/);
  await expect(audio).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Song name')).toHaveValue('Not really music');
  await expect(page.getByText('text.mp3')).toBeVisible();

  // The same file twice: the second is refused with the first one's name.
  await page
    .getByLabel('Upload Song', { exact: true })
    .setInputFiles(fixture('audio', 'chime-3s.mp3'));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(statusToast(page)).toContainText('Uploaded “Not really music”');
  await page.getByRole('button', { name: 'Upload another' }).click();
  await page.getByLabel('Song name').fill('Chime again');
  await page.getByLabel('Upload Song', { exact: true }).setInputFiles({
    name: 'renamed.mp3',
    mimeType: 'audio/mpeg',
    buffer: fs.readFileSync(fixture('audio', 'chime-3s.mp3')),
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Upload Song', { exact: true })).toHaveAccessibleDescription(
    /You already uploaded this file as “Not really music”\./,
  );
});

test('the form asks for a name and a file before sending', async ({ page, signedIn }) => {
  expect(signedIn.username).toBeTruthy();
  let sent = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/upload')) sent = true;
  });
  await page.goto('/upload');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please give the song a name.')).toBeVisible();
  await expect(page.getByText('Please choose an audio file.')).toBeVisible();
  await expect(page.getByLabel('Song name')).toBeFocused();
  expect(sent).toBe(false);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}x${viewport.height} the name comes from the file's tags, never over a typed one`, async ({
    page,
    listener,
  }) => {
    expect(listener.username).not.toBe('');
    await page.setViewportSize(viewport);
    await page.goto('/upload');
    const name = page.getByLabel('Song name');
    const audio = page.getByLabel('Upload Song', { exact: true });

    for (const [file, title] of [
      ['tagged.flac', 'Café Tide (flac)'],
      ['tagged.m4a', 'Café Tide (m4a)'],
      ['tagged.mp3', 'Tide'],
    ] as const) {
      await audio.setInputFiles(fixture('audio', file));
      await expect(name).toHaveValue(title);
    }
    // Without a title the file's name stands in.
    await audio.setInputFiles(fixture('audio', 'tune-12s.mp3'));
    await expect(name).toHaveValue('tune-12s');

    // A name the person typed stays, even when they type while the tags are read.
    await name.fill('');
    await audio.setInputFiles(fixture('audio', 'tagged.ogg'));
    await name.fill('My own name');
    await expect(page.locator('form[data-reading-tags]')).toHaveCount(0);
    await expect(name).toHaveValue('My own name');
    await audio.setInputFiles(fixture('audio', 'tagged.opus'));
    await expect(page.getByText('tagged.opus')).toBeVisible();
    await expect(name).toHaveValue('My own name');
  });
}
