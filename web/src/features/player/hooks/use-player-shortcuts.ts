import { useEffect } from 'react';
import {
  changeVolume,
  currentSong,
  getPlayerState,
  next,
  previous,
  skip,
  SKIP_SECONDS,
  toggleMute,
  togglePlay,
} from '@/lib/player-store';
import { commandFor, type PlayerCommand } from '../shortcuts';

const VOLUME_STEP = 10;

const run: Record<PlayerCommand, () => void> = {
  toggle: togglePlay,
  back: () => skip(-SKIP_SECONDS),
  forward: () => skip(SKIP_SECONDS),
  volumeUp: () => changeVolume(VOLUME_STEP),
  volumeDown: () => changeVolume(-VOLUME_STEP),
  mute: toggleMute,
  next,
  previous,
};

/** Space, ←/→, ↑/↓, M, N and P control the player anywhere but in a field. */
export function usePlayerShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!currentSong(getPlayerState())) return;
      const command = commandFor(e);
      if (!command) return;
      e.preventDefault();
      run[command]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
