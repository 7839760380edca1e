import type { Song } from '../song';
import { getDownloadsState, useDownloads, type DownloadIndex } from './downloads';
import { useOnline } from './network';

/** What decides whether a song can start: the connection and the downloads. */
export interface Reach {
  online: boolean;
  index: DownloadIndex;
}

/** The browser's connection and the signed-in user's downloads, as they are now. */
export function currentReach(): Reach {
  const online = typeof navigator === 'undefined' || navigator.onLine;
  return { online, index: getDownloadsState().index };
}

/**
 * Whether a song can start now: online every song that is in the library;
 * offline (as in Spotify's offline mode) only the downloaded ones.
 */
export function canPlayNow(song: Song, reach: Reach = currentReach()): boolean {
  if (song.missing) return false;
  return reach.online || reach.index.songs[song._id] !== undefined;
}

/**
 * For a song list: a function telling which songs are out of reach because
 * the browser is offline and they were not downloaded. Re-renders when the
 * connection or the downloads change.
 */
export function useNotDownloadedOffline(): (songId: string) => boolean {
  const online = useOnline();
  const songs = useDownloads((s) => s.index.songs);
  return (songId) => !online && songs[songId] === undefined;
}

/** The sentence a listener reads when a song they asked for is out of reach offline. */
export function notDownloadedMessage(song: Song): string {
  return `“${song.song}” isn’t downloaded. Connect to the internet to play it.`;
}

/** The sentence when nothing asked for can play offline. */
export const NOTHING_DOWNLOADED =
  'You’re offline and none of these songs are downloaded. Connect to play them.';

/** The sentence when the rest of the queue cannot play offline. */
export const NOTHING_LEFT = 'You’re offline and nothing else in the queue is downloaded.';
