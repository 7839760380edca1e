import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDownloads, setDownloadsOwner } from '@/lib/offline/downloads';
import { deferred } from '@/test/deferred';
import { FakeCacheStorage } from '@/test/fake-caches';
import { makeSong } from '@/test/songs';
import { providersWrapper, testQueryClient } from '@/test/utils';
import { DownloadCollectionButton } from './DownloadCollectionButton';

const songs = [makeSong('a'), makeSong('b')];
const collection = { kind: 'playlist' as const, id: 'p1', name: 'Road trip', cover: '' };

function audio(n: number) {
  return new Response(new Uint8Array(n), { headers: { 'Content-Length': String(n) } });
}

function renderButton() {
  return render(<DownloadCollectionButton collection={collection} songs={songs} />, {
    wrapper: providersWrapper(testQueryClient()),
  });
}

beforeEach(() => {
  vi.stubGlobal('caches', new FakeCacheStorage().asCacheStorage());
  setDownloadsOwner('ann');
});

afterEach(() => {
  resetDownloads();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('DownloadCollectionButton', () => {
  it('shows the progress while it downloads, then Downloaded, and removes after asking', async () => {
    const second = deferred<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('/songs/b/') ? second.promise : audio(1000))),
    );
    const user = userEvent.setup();
    renderButton();
    await user.click(
      screen.getByRole('button', { name: 'Download “Road trip” for offline listening' }),
    );

    const ring = await screen.findByRole('progressbar', { name: 'Downloading “Road trip”' });
    await waitFor(() => expect(ring).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('2 of 2 songs')).toBeInTheDocument();

    second.resolve(audio(1000));
    const done = await screen.findByRole('button', {
      name: 'Downloaded: remove “Road trip” from downloads',
    });
    expect(await screen.findByText('“Road trip” is ready to play offline')).toBeInTheDocument();

    await user.click(done);
    await user.click(screen.getByRole('button', { name: 'Remove download' }));
    expect(
      await screen.findByRole('button', { name: 'Download “Road trip” for offline listening' }),
    ).toBeInTheDocument();
  });

  it('stops on Cancel and says so', async () => {
    const held = deferred<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => held.promise),
    );
    const user = userEvent.setup();
    renderButton();
    await user.click(
      screen.getByRole('button', { name: 'Download “Road trip” for offline listening' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel download of “Road trip”' }));
    expect(await screen.findByText('Download canceled')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
