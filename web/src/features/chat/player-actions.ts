import {
  addToQueue,
  currentSong,
  getPlayerState,
  next,
  playNext,
  playSongs,
  previous,
  seekTo,
  setPlaying,
  setRepeat,
  setVolume,
  togglePlay,
  toggleShuffle,
  VOLUME_MAX,
  type PlayerState,
  type RepeatMode,
} from '@/lib/player-store';
import type { ChatAction, PlayerSnapshot } from './api/send-message';

/** The actions shown as buttons under a reply; the others act on the player at once. */
const BUTTONS = new Set<ChatAction['type']>([
  'play',
  'open_playlist',
  'create_playlist',
  'add_to_playlist',
]);

export function isButton(action: ChatAction): boolean {
  return BUTTONS.has(action.type);
}

/** The player as a chat request tells it: song ids, seconds and a 0–1 volume. */
export function playerSnapshot(s: PlayerState = getPlayerState()): PlayerSnapshot {
  return {
    song: currentSong(s)?._id ?? null,
    position: Math.max(0, s.time),
    queue: s.queue.map((song) => song._id),
    volume: s.muted ? 0 : s.volume / VOLUME_MAX,
    repeat: s.repeat,
    shuffle: s.shuffle,
  };
}

const REPEAT_MODES: RepeatMode[] = ['off', 'all', 'one'];

/** Performs one action of an answer on the player; buttons other than a play asked for now wait for a click. */
export function perform(action: ChatAction): void {
  const songs = action.songs ?? [];
  switch (action.type) {
    case 'play':
      if (action.now && songs.length > 0) playSongs(songs, 0);
      return;
    case 'queue':
      addToQueue(songs);
      return;
    case 'play_next':
      playNext(songs);
      return;
    case 'next':
      next();
      return;
    case 'previous':
      previous();
      return;
    case 'pause':
      setPlaying(false);
      return;
    case 'resume':
      if (!getPlayerState().playing) togglePlay();
      return;
    case 'volume':
      if (typeof action.volume === 'number') setVolume(action.volume * VOLUME_MAX);
      return;
    case 'seek':
      if (typeof action.position === 'number') seekTo(action.position);
      return;
    case 'repeat':
      if (action.mode && REPEAT_MODES.includes(action.mode)) setRepeat(action.mode);
      return;
    case 'shuffle':
      if (typeof action.on === 'boolean' && action.on !== getPlayerState().shuffle) toggleShuffle();
      return;
    default:
  }
}

/** Performs the actions of an answer that act at once, in order. */
export function performAll(actions: ChatAction[]): void {
  actions.forEach(perform);
}
