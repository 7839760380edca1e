/** What a key press asks the player to do. */
export type PlayerCommand =
  | 'toggle'
  | 'back'
  | 'forward'
  | 'volumeUp'
  | 'volumeDown'
  | 'mute'
  | 'next'
  | 'previous'
  | 'repeat'
  | 'help';

/** Every shortcut as the `?` dialog lists it: the keys, and what they do. */
export const SHORTCUTS: readonly { keys: string[]; label: string; command: PlayerCommand }[] = [
  { keys: ['Space'], label: 'Play or pause', command: 'toggle' },
  { keys: ['←'], label: 'Back 10 seconds', command: 'back' },
  { keys: ['→'], label: 'Forward 10 seconds', command: 'forward' },
  { keys: ['↑'], label: 'Volume up', command: 'volumeUp' },
  { keys: ['↓'], label: 'Volume down', command: 'volumeDown' },
  { keys: ['M'], label: 'Mute or unmute', command: 'mute' },
  { keys: ['N'], label: 'Next song', command: 'next' },
  { keys: ['P'], label: 'Previous song, or back to the start', command: 'previous' },
  { keys: ['R'], label: 'Repeat: off, all, one', command: 'repeat' },
  { keys: ['?'], label: 'Show these shortcuts', command: 'help' },
];

/** True when the key goes into a field: inputs, text areas, selects and editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el.closest('input, textarea, select')) return true;
  return el.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** Space on a button or a link presses it; the player must not also react. */
function activatesTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (target as Element).closest('button, a[href], [role="button"], summary') !== null;
}

export interface KeyLike {
  key: string;
  target: EventTarget | null;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
  defaultPrevented?: boolean;
}

/**
 * The player command for a key press, or null. Space plays or pauses, the
 * arrows skip 10 s and change the volume, M mutes, N and P change the song,
 * R cycles repeat and ? shows the shortcuts.
 * Nothing fires while typing or with Ctrl, Cmd or Alt held.
 */
export function commandFor(e: KeyLike): PlayerCommand | null {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return null;
  if (isTypingTarget(e.target)) return null;
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      return e.repeat || activatesTarget(e.target) ? null : 'toggle';
    case 'ArrowLeft':
      return 'back';
    case 'ArrowRight':
      return 'forward';
    case 'ArrowUp':
      return 'volumeUp';
    case 'ArrowDown':
      return 'volumeDown';
    case 'm':
    case 'M':
      return e.repeat ? null : 'mute';
    case 'n':
    case 'N':
      return e.repeat ? null : 'next';
    case 'p':
    case 'P':
      return e.repeat ? null : 'previous';
    case 'r':
    case 'R':
      return e.repeat ? null : 'repeat';
    case '?':
      return e.repeat ? null : 'help';
    default:
      return null;
  }
}
