import { useLayoutEffect } from 'react';
import {
  getPlayerState,
  isSavedPlayer,
  resetPlayer,
  restorePlayer,
  savedPlayer,
  subscribePlayer,
} from '@/lib/player-store';
import { readLocal, writeLocal } from '@/lib/storage';

/** How often, at most, the position is written while a song plays. */
const SAVE_EVERY_MS = 1000;

/**
 * Keeps the queue, the index and the position in localStorage under `key`
 * (one per user) and brings them back after a reload, paused. Leaving the
 * signed-in area saves once more and empties the player.
 */
export function usePlayerPersistence(key: string) {
  useLayoutEffect(() => {
    const saved = readLocal(key, isSavedPlayer);
    if (saved) restorePlayer(saved);

    let timer: number | undefined;
    const save = () => {
      window.clearTimeout(timer);
      timer = undefined;
      writeLocal(key, savedPlayer(getPlayerState()));
    };
    const unsubscribe = subscribePlayer(() => {
      timer ??= window.setTimeout(save, SAVE_EVERY_MS);
    });
    window.addEventListener('pagehide', save);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', save);
      save();
      resetPlayer();
    };
  }, [key]);
}
