import { getDownloadsState } from '@/lib/offline/downloads';
import { getPlaybackSettings, type StreamQuality } from '@/lib/playback-settings';
import type { Song } from '@/lib/song';

/**
 * The URL the player streams a song from: the song's own audio (the original
 * whenever the browser plays it) at the Original quality, else the rendition
 * at the chosen kbps, which the server makes on first request (and answers
 * with the original when that is already as light). A downloaded song plays
 * its kept copy, which the service worker answers by the audio's path.
 */
export function streamUrl(
  song: Song,
  quality: StreamQuality = getPlaybackSettings().quality,
  downloaded: boolean = getDownloadsState().index.songs[song._id] !== undefined,
): string {
  if (quality === 0 || downloaded) return song.audio;
  return `/media/songs/${encodeURIComponent(song._id)}/rendition?kbps=${quality}`;
}
