import { useEffect, useRef } from 'react';
import { getLiveStation, setLiveVolume, stopLiveRadio, toggleLiveMute } from '@/lib/live-radio';
import {
  changeVolume,
  currentSong,
  cycleRepeat,
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

const run: Record<Exclude<PlayerCommand, 'help'>, () => void> = {
  toggle: togglePlay,
  back: () => skip(-SKIP_SECONDS),
  forward: () => skip(SKIP_SECONDS),
  volumeUp: () => changeVolume(VOLUME_STEP),
  volumeDown: () => changeVolume(-VOLUME_STEP),
  mute: toggleMute,
  next,
  previous,
  repeat: cycleRepeat,
};

/** Commands that mean something before any song is chosen. */
const withoutSong: ReadonlySet<PlayerCommand> = new Set(['help', 'repeat']);

interface Options {
  /** `?`: show the list of shortcuts. */
  onHelp?: () => void;
}

/**
 * Space, ←/→, ↑/↓, M, N, P, R and ? control the player anywhere but in a
 * field. While a radio station plays, Space stops it and M, ↑/↓ turn its volume.
 */
export function usePlayerShortcuts({ onHelp }: Options = {}) {
  const onHelpRef = useRef(onHelp);
  useEffect(() => {
    onHelpRef.current = onHelp;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const command = commandFor(e);
      if (!command) return;
      const live = getLiveStation();
      if (command === 'toggle' && live) {
        e.preventDefault();
        stopLiveRadio();
        return;
      }
      // The volume keys turn what is heard: the station's own volume while it plays.
      if (live && (command === 'mute' || command === 'volumeUp' || command === 'volumeDown')) {
        e.preventDefault();
        if (command === 'mute') toggleLiveMute();
        else {
          const level = live.muted ? 0 : live.volume;
          setLiveVolume(level + (command === 'volumeUp' ? VOLUME_STEP : -VOLUME_STEP));
        }
        return;
      }
      if (!withoutSong.has(command) && !currentSong(getPlayerState())) return;
      if (command === 'help') {
        if (!onHelpRef.current) return;
        e.preventDefault();
        onHelpRef.current();
        return;
      }
      e.preventDefault();
      run[command]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
