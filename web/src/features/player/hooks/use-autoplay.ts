import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { songRadioQuery } from '@/components/songs/song-radio';
import { usePlaybackSettings } from '@/lib/playback-settings';
import {
  appendAutoplay,
  autoplaySeed,
  dropUpcomingAutoplay,
  getPlayerState,
  usePlayer,
} from '@/lib/player-store';

/** How many songs autoplay adds at a time; more come when the last of them plays. */
export const AUTOPLAY_BATCH = 10;

/**
 * Autoplay: while the last song of the queue plays (repeat off), songs like
 * it from the song radio are added after it, marked as autoplay, so the
 * music goes on gaplessly when the queue ends. Asked once per play of that
 * song; switched off, its suggestions ahead leave the queue.
 */
export function useAutoplay(): void {
  const queryClient = useQueryClient();
  const on = usePlaybackSettings((s) => s.autoplay);
  // One key per play of a last song: a new play of it may ask again.
  const key = usePlayer((s) => {
    const seed = autoplaySeed(s);
    return seed ? `${s.playId}:${seed._id}` : null;
  });
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (on) return;
    dropUpcomingAutoplay();
    // Turned on again while the same song plays, it asks again.
    asked.current = null;
  }, [on]);

  useEffect(() => {
    if (!on || !key || asked.current === key) return;
    asked.current = key;
    const seedId = key.slice(key.indexOf(':') + 1);
    queryClient.fetchQuery(songRadioQuery(seedId)).then(
      (radio) => {
        // The queue may have moved on while the songs came: add them only where they were asked.
        const s = getPlayerState();
        const seed = autoplaySeed(s);
        if (!seed || `${s.playId}:${seed._id}` !== key) return;
        const queued = new Set(s.queue.map((song) => song._id));
        appendAutoplay(radio.filter((song) => !queued.has(song._id)).slice(0, AUTOPLAY_BATCH));
      },
      // Autoplay is a bonus: when it cannot ask (offline, an error), the queue just ends.
      () => undefined,
    );
  }, [on, key, queryClient]);
}
