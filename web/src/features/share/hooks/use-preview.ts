import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicTrack } from '@/lib/public-share';

/** What the preview player shows: the track, whether it plays, where it is. */
export interface PreviewState {
  trackId: string | null;
  playing: boolean;
  /** Seconds into the preview. */
  time: number;
  /** The preview ran to its end (or its limit): time to sign up. */
  ended: boolean;
  /** The preview could not be played. */
  failed: boolean;
}

const idle: PreviewState = { trackId: null, playing: false, time: 0, ended: false, failed: false };

/**
 * One preview at a time, in one <audio> of the page (not the app's player):
 * toggle plays a track's preview from its start, or pauses and resumes it.
 * Playback never goes past `limit` seconds, whatever the file holds.
 */
export function usePreview(limit: number) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<PreviewState>(idle);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onTime = () => {
      if (audio.currentTime >= limit) {
        audio.pause();
        audio.currentTime = limit;
        setState((s) => ({ ...s, time: limit, playing: false, ended: true }));
        return;
      }
      setState((s) => ({ ...s, time: audio.currentTime }));
    };
    const onPlay = () => setState((s) => ({ ...s, playing: true, ended: false, failed: false }));
    const onPause = () => setState((s) => ({ ...s, playing: false }));
    const onEnded = () => setState((s) => ({ ...s, playing: false, ended: true }));
    const onError = () => setState((s) => ({ ...s, playing: false, failed: s.trackId !== null }));
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('error', onError);
    return () => {
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('error', onError);
      audio.pause();
    };
  }, [limit]);

  const toggle = useCallback(
    (track: PublicTrack) => {
      const audio = audioRef.current;
      if (!audio || !track.preview) return;
      if (state.trackId === track._id) {
        if (state.playing) {
          audio.pause();
          return;
        }
        if (state.ended) audio.currentTime = 0;
        void audio.play().catch(() => undefined);
        return;
      }
      audio.src = track.preview;
      audio.currentTime = 0;
      setState({ ...idle, trackId: track._id });
      void audio.play().catch(() => undefined);
    },
    [state.trackId, state.playing, state.ended],
  );

  return { audioRef, state, toggle };
}
