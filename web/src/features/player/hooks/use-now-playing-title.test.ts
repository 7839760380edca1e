import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSong } from '@/test/songs';
import { nowPlayingTitle, useNowPlayingTitle } from './use-now-playing-title';

/** A page's own <title>, as React puts it in the head. */
function pageTitle(text: string): HTMLTitleElement {
  const el = document.createElement('title');
  el.textContent = text;
  document.head.prepend(el);
  return el;
}

afterEach(() => {
  document.head.querySelectorAll('title').forEach((el) => el.remove());
});

describe('the tab title', () => {
  it('names the song and its artist, or the station, or nothing', () => {
    const song = makeSong('a', { song: 'Low Tide', artist: 'neon-harbor' });
    expect(nowPlayingTitle(song, null)).toBe('Low Tide — neon harbor · Musicify');
    const live = {
      kind: 'radio' as const,
      id: 's',
      name: 'Night Shift',
      by: 'ana',
      href: '/join',
      blocked: false,
      failed: null,
      volume: 100,
      muted: false,
    };
    expect(nowPlayingTitle(song, live)).toBe('Night Shift — Live radio · Musicify');
    const jam = {
      ...live,
      kind: 'jam' as const,
      name: "Ana's Jam",
      href: '/jam/j1',
      song: 'Low Tide — neon harbor',
    };
    expect(nowPlayingTitle(song, jam)).toBe("Low Tide — neon harbor · Ana's Jam · Musicify");
    expect(nowPlayingTitle(null, null)).toBeNull();
  });

  it('stays on the song while the page changes its title, and gives it back after', async () => {
    const el = pageTitle('Home · Musicify');
    const { rerender, unmount } = renderHook(({ t }) => useNowPlayingTitle(t), {
      initialProps: { t: 'Low Tide — Ana · Musicify' as string | null },
    });
    expect(document.title).toBe('Low Tide — Ana · Musicify');

    // Another page: React changes its <title>, the song's comes back over it.
    el.textContent = 'Albums · Musicify';
    await waitFor(() => expect(document.title).toBe('Low Tide — Ana · Musicify'));
    pageTitle('Search · Musicify');
    await waitFor(() => expect(document.title).toBe('Low Tide — Ana · Musicify'));

    rerender({ t: null });
    expect(document.title).toBe('Search · Musicify');
    rerender({ t: 'Chime — Ana · Musicify' });
    expect(document.title).toBe('Chime — Ana · Musicify');
    unmount();
    expect(document.title).toBe('Search · Musicify');
  });

  it('settles on a song whose name has runs of spaces, as the tab shows it', async () => {
    const el = pageTitle('Home · Musicify');
    renderHook(() => useNowPlayingTitle('  Low   Tide — Ana · Musicify'));
    expect(document.title).toBe('Low Tide — Ana · Musicify');
    el.textContent = 'Albums · Musicify';
    await waitFor(() => expect(document.title).toBe('Low Tide — Ana · Musicify'));
  });
});
