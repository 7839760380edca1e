/** What a key press asks the player to do. */
export type PlayerCommand =
  'toggle' | 'back' | 'forward' | 'volumeUp' | 'volumeDown' | 'mute' | 'next' | 'previous';

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
 * arrows skip 10 s and change the volume, M mutes, N and P change the song.
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
    default:
      return null;
  }
}
