import { useEffect } from 'react';
import { getLiveStation, stopLiveRadio, useLiveStation, type LiveStation } from '@/lib/live-radio';
import {
  getPlayerState,
  next,
  previous,
  seekTo,
  setPlaying,
  skip,
  SKIP_SECONDS,
  subscribePlayer,
  useCurrentSong,
  usePlayer,
  type PlayerState,
} from '@/lib/player-store';
import { DEFAULT_COVER, songArtist, type Song } from '@/lib/song';
import { playbackRateFor } from '../audio-math';

type Action = MediaSessionAction;

/** The cover renditions the server keeps, smallest first (px). */
export const COVER_SIZES = [160, 320, 640] as const;
const RENDITION = /-(160|320|640)\.jpg(?=$|\?)/;

/**
 * The artwork a lock screen picks from: every rendition of the song's cover
 * (`…-640.jpg` names its siblings `…-160.jpg` and `…-320.jpg`), or the
 * default cover, which scales to any size.
 */
export function artworkFor(song: Pick<Song, 'cover' | 'coverSmall'>): MediaImage[] {
  const cover = RENDITION.test(song.cover) ? song.cover : song.coverSmall;
  if (!RENDITION.test(cover)) {
    const src = cover || DEFAULT_COVER;
    return [{ src, sizes: 'any', type: src.endsWith('.svg') ? 'image/svg+xml' : 'image/jpeg' }];
  }
  return COVER_SIZES.map((size) => ({
    src: cover.replace(RENDITION, `-${size}.jpg`),
    sizes: `${size}x${size}`,
    type: 'image/jpeg',
  }));
}

/** What the lock screen shows for a song: its name, artist, album (when it has one) and cover. */
export function songMetadata(song: Song): MediaMetadataInit {
  return {
    title: song.song,
    artist: songArtist(song),
    // '' for a single (and in queues saved before songs had albums).
    album: song.album ?? '',
    artwork: artworkFor(song),
  };
}

function stationMetadata(station: LiveStation): MediaMetadataInit {
  if (station.kind === 'jam') {
    // A Jam's song, in the Jam's name.
    return {
      title: station.song ?? station.name,
      artist: station.name,
      album: 'Jam',
      artwork: artworkFor({ cover: station.cover ?? '', coverSmall: station.cover ?? '' }),
    };
  }
  return {
    title: station.name,
    artist: station.by,
    album: 'Live radio',
    artwork: [{ src: DEFAULT_COVER, sizes: 'any', type: 'image/svg+xml' }],
  };
}

/** Where the song is, from the store: sent when a play, pause, seek, speed or length changes. */
function positionKey(s: PlayerState): string {
  return [s.playId, s.playing, s.rate, s.duration, s.seek?.id ?? 0].join('|');
}

function setPosition(session: MediaSession, s: PlayerState): void {
  if (!session.setPositionState) return;
  try {
    if (getLiveStation() || !(s.duration > 0) || s.index < 0) {
      // Live radio has no position; nothing loaded has none either.
      session.setPositionState();
      return;
    }
    session.setPositionState({
      duration: s.duration,
      playbackRate: playbackRateFor(s.rate),
      position: Math.min(Math.max(0, s.time), s.duration),
    });
  } catch {
    // A browser may refuse odd values; the lock screen then shows no position.
  }
}

/**
 * Lock-screen, headset and media-key controls: what plays (a song, the
 * radio station or the Jam), play, pause, previous, next and seeking, and the position.
 */
export function useMediaSession() {
  const song = useCurrentSong();
  const playing = usePlayer((s) => s.playing);
  const live = useLiveStation();

  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session || typeof MediaMetadata === 'undefined') return;
    const init = live ? stationMetadata(live) : song ? songMetadata(song) : null;
    session.metadata = init ? new MediaMetadata(init) : null;
  }, [song, live]);

  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session) return;
    if (live) session.playbackState = 'playing';
    else session.playbackState = song ? (playing ? 'playing' : 'paused') : 'none';
  }, [song, playing, live]);

  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session) return;
    let last = '';
    const update = () => {
      const s = getPlayerState();
      const key = `${positionKey(s)}|${getLiveStation()?.id ?? ''}`;
      if (key === last) return;
      last = key;
      setPosition(session, s);
    };
    update();
    return subscribePlayer(update);
  }, [live]);

  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session) return;
    const pause = () => {
      if (getLiveStation()) stopLiveRadio();
      else setPlaying(false);
    };
    const handlers: [Action, MediaSessionActionHandler][] = [
      ['play', () => setPlaying(true)],
      ['pause', pause],
      ['stop', pause],
      ['previoustrack', () => previous()],
      ['nexttrack', () => next()],
      ['seekbackward', (d) => skip(-(d.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (d) => skip(d.seekOffset ?? SKIP_SECONDS)],
      ['seekto', (d) => d.seekTime !== undefined && seekTo(d.seekTime)],
    ];
    const set = (action: Action, handler: MediaSessionActionHandler | null) => {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not know the action.
      }
    };
    handlers.forEach(([action, handler]) => set(action, handler));
    return () => handlers.forEach(([action]) => set(action, null));
  }, []);
}
