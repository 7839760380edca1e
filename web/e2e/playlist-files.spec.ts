import fs from 'node:fs';
import { expect, test } from './fixtures';
import { createPlaylist, songNamed } from './helpers';

// A playlist written on another computer: one song by a Windows path under
// another music folder, one by a file:// URL, one that is not here.
const m3u = [
  '#EXTM3U',
  '#EXTINF:0,Rain Low Low',
  'D:\\Music\\Various Artists\\Drive Low 0\\01 Rain Low Low.mp3',
  'file:///home/someone/Music/Velvet%20Harbor/Ghost%20Low%201/01%20Wire%20Low%20Low.flac',
  '#EXTINF:200,Nobody - Not Here',
  'missing/song.mp3',
  '',
].join('\r\n');

test('a playlist file imports, and the songs it names that are not here are listed', async ({
  page,
  listener,
}) => {
  expect(listener.username).not.toBe('');
  await page.goto('/playlist');
  await page.getByRole('button', { name: 'Import playlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import playlist' });
  await dialog.getByLabel('Playlist file').setInputFiles({
    name: 'Road Mix.m3u8',
    mimeType: 'audio/x-mpegurl',
    buffer: Buffer.from(m3u),
  });
  // The name comes from the file's.
  await expect(dialog.getByLabel('Playlist name')).toHaveValue('Road Mix');
  await dialog.getByRole('button', { name: 'Import' }).click();

  const report = page.getByRole('dialog', { name: 'Playlist imported' });
  await expect(report.getByRole('status')).toContainText('2 of 3 songs found');
  const missing = report.getByRole('list', { name: 'Songs not found' }).getByRole('listitem');
  await expect(missing).toHaveCount(1);
  await expect(missing.first()).toContainText('Line 6');
  await expect(missing.first()).toContainText('Nobody – Not Here');
  await expect(missing.first()).toContainText('missing/song.mp3');

  await report.getByRole('link', { name: 'Open playlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Road Mix' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Songs in Road Mix' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Rain Low Low');
  await expect(rows.nth(1)).toContainText('Wire Low Low');
});

test('what is not a playlist file is refused with a message', async ({ page, listener }) => {
  expect(listener.username).not.toBe('');
  await page.goto('/playlist');
  await page.getByRole('button', { name: 'Import playlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import playlist' });
  const input = dialog.getByLabel('Playlist file');

  // Told at once by its name…
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Choose an M3U, M3U8, PLS or XSPF playlist file.',
  );
  // …or by the server from its content.
  await input.setInputFiles({
    name: 'song.m3u',
    mimeType: 'audio/x-mpegurl',
    buffer: Buffer.from([
      0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0, 0, 0, 0, 0, 0,
    ]),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This file is not a playlist: choose an M3U, M3U8, PLS or XSPF file.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('list', { name: 'Your playlists' })).toHaveCount(0);
});

test('a playlist exports as M3U8 and as XSPF from its page’s menu', async ({ page, listener }) => {
  expect(listener.username).not.toBe('');
  const rain = await songNamed(page.request, 'Rain Low Low');
  const wire = await songNamed(page.request, 'Wire Low Low');
  const playlist = await createPlaylist(page.request, 'Night & Day', [wire._id, rain._id]);
  await page.goto(`/player/${playlist._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Night & Day' })).toBeVisible();

  const exported = async (item: string) => {
    await page.getByRole('button', { name: 'More options for Night & Day' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: item }).click(),
    ]);
    return {
      name: download.suggestedFilename(),
      text: fs.readFileSync(await download.path(), 'utf8'),
    };
  };

  const m3u8 = await exported('Export as M3U8');
  expect(m3u8.name).toBe('Night & Day.m3u8');
  expect(m3u8.text.split('\n').filter((l) => !l.startsWith('#'))).toEqual([
    'Velvet Harbor/Ghost Low 1/01 Wire Low Low.flac',
    'Various Artists/Drive Low 0/01 Rain Low Low.mp3',
    '',
  ]);
  expect(m3u8.text).toMatch(/^#EXTM3U\n#PLAYLIST:Night & Day\n#EXTINF:\d+,.* - Wire Low Low\n/);

  const xspf = await exported('Export as XSPF');
  expect(xspf.name).toBe('Night & Day.xspf');
  expect(xspf.text).toContain('<title>Night &amp; Day</title>');
  expect(xspf.text).toContain(
    '<location>Velvet%20Harbor/Ghost%20Low%201/01%20Wire%20Low%20Low.flac</location>',
  );
  expect(xspf.text).toContain('<title>Rain Low Low</title>');
  // It is XML a browser reads.
  const tracks = await page.evaluate(
    (text) =>
      new DOMParser().parseFromString(text, 'application/xml').getElementsByTagName('track').length,
    xspf.text,
  );
  expect(tracks).toBe(2);
});
