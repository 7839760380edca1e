import { useEffect } from 'react';
import type { LiveStation } from '@/lib/live-radio';
import { songArtist, type Song } from '@/lib/song';

/**
 * What the browser tab says while something is loaded (playing or paused):
 * the song and its artist, the station, or the Jam's song and the Jam; null
 * leaves the page's own title.
 */
export function nowPlayingTitle(song: Song | null, live: LiveStation | null): string | null {
  if (live?.kind === 'jam') return `${live.song ? `${live.song} · ` : ''}${live.name} · Musicify`;
  if (live) return `${live.name} — Live radio · Musicify`;
  if (song) return `${song.song} — ${songArtist(song)} · Musicify`;
  return null;
}

/**
 * Puts `title` in the tab while it is not null, and gives the page its own
 * title back after. Pages set theirs with React's <title>, which may change
 * at any time (a new page, data that loaded): each change is noted as the
 * page's title and the song's is put back over it, so the tab follows the
 * song on every page and the page's title returns when the song goes.
 */
export function useNowPlayingTitle(wanted: string | null): void {
  useEffect(() => {
    if (wanted === null) return;
    // The tab reads titles with their spaces collapsed; compared uncollapsed, a
    // song named with two spaces would never match and be written forever.
    const title = wanted.replace(/[\t\n\f\r ]+/g, ' ').trim();
    let page = document.title;
    const apply = () => {
      // Our own write comes back through the observer too: nothing to do then.
      if (document.title === title) return;
      page = document.title;
      document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      if (document.title === title) document.title = page;
    };
  }, [wanted]);
}
