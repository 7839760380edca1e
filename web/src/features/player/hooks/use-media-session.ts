import { useEffect } from 'react';
import {
  next,
  previous,
  seekTo,
  setPlaying,
  skip,
  SKIP_SECONDS,
  useCurrentSong,
  usePlayer,
} from '@/lib/player-store';
import { displayName } from '@/lib/song';

type Action = MediaSessionAction;

/** Lock-screen and media-key controls: what plays, and play, pause, skip and seek. */
export function useMediaSession() {
  const song = useCurrentSong();
  const playing = usePlayer((s) => s.playing);

  useEffect(() => {
    const session = navigator.mediaSession;
    if (!session || typeof MediaMetadata === 'undefined') return;
    session.metadata = song
      ? new MediaMetadata({
          title: song.song,
          artist: displayName(song.artist),
          album: 'Musicify',
          artwork: [
            { src: song.coverSmall, sizes: '160x160' },
            { src: song.cover, sizes: '640x640' },
          ],
        })
      : null;
  }, [song]);

  useEffect(() => {
    const session = navigator.mediaSession;
    if (!session) return;
    session.playbackState = song ? (playing ? 'playing' : 'paused') : 'none';
  }, [song, playing]);

  useEffect(() => {
    const session = navigator.mediaSession;
    if (!session) return;
    const handlers: [Action, MediaSessionActionHandler][] = [
      ['play', () => setPlaying(true)],
      ['pause', () => setPlaying(false)],
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
