import fs from 'node:fs';
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { errorToast, fixture, statusToast, uploadSong } from './helpers';

/** Holds matching requests until released, so a download can be caught while it runs. */
function gate() {
  const held: Route[] = [];
  return {
    held,
    handler: (route: Route) => {
      held.push(route);
    },
    async release() {
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}

test('a download saves exactly the uploaded bytes and shows its progress', async ({
  page,
  listener,
}) => {
  const file = fixture('audio', 'tune-12s.mp3');
  await uploadSong(page.request, 'Harbour Demo', file);
  await page.goto(`/artist/${listener.username}`);
  const row = page.getByRole('listitem').filter({ hasText: 'Harbour Demo' });

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download Harbour Demo' }).click();
  const progress = row.getByRole('progressbar', { name: 'Downloading Harbour Demo' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Harbour Demo.mp3');
  const saved = fs.readFileSync(await download.path());
  expect(saved.equals(fs.readFileSync(file))).toBe(true);
  await expect(statusToast(page)).toContainText('Downloaded “Harbour Demo”');
  // The ring gives way to the download button again.
  await expect(row.getByRole('button', { name: 'Download Harbour Demo' })).toBeVisible();
});

test('one download at a time, and a download can be canceled', async ({ page, listener }) => {
  await uploadSong(page.request, 'First', fixture('audio', 'tune-12s.mp3'));
  await uploadSong(page.request, 'Second', fixture('audio', 'chime-3s.mp3'));
  const held = gate();
  // Downloads come from signed URLs naming the file (dl=…), or the
  // session-checked /media/songs/{id}/download.
  const downloads = (url: URL) => url.searchParams.has('dl') || url.pathname.endsWith('/download');
  await page.route(downloads, held.handler);
  await page.goto(`/artist/${listener.username}`);
  const first = page.getByRole('listitem').filter({ hasText: 'First' });
  const second = page.getByRole('listitem').filter({ hasText: 'Second' });

  await first.getByRole('button', { name: 'Download First' }).click();
  await expect(first.getByRole('progressbar', { name: 'Downloading First' })).toBeVisible();
  await second.getByRole('button', { name: 'Download Second' }).click();
  await expect(statusToast(page)).toContainText('A download is already in progress');

  await first.getByRole('button', { name: 'Cancel download of First' }).click();
  await expect(errorToast(page)).toContainText('Download canceled');
  await expect(first.getByRole('button', { name: 'Download First' })).toBeVisible();
  await held.release();

  await page.unroute(downloads);
  const downloading = page.waitForEvent('download');
  await second.getByRole('button', { name: 'Download Second' }).click();
  expect((await downloading).suggestedFilename()).toBe('Second.mp3');
});
