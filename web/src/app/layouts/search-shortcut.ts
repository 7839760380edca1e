import { isTypingTarget, type KeyLike } from '@/features/player/shortcuts';

/**
 * Whether a key press asks for the search box: `/`, or Ctrl+K (Cmd+K on a
 * Mac). Not while typing in a field, where `/` is a character, nor while a
 * dialog is open, whose keys are its own.
 */
export function isSearchShortcut(e: KeyLike & { shiftKey?: boolean }): boolean {
  if (e.defaultPrevented || e.repeat || isTypingTarget(e.target)) return false;
  if (e.target instanceof Element && e.target.closest('[role="dialog"], dialog[open]')) {
    return false;
  }
  if (e.key === '/') return !e.ctrlKey && !e.metaKey && !e.altKey;
  return (e.key === 'k' || e.key === 'K') && !!(e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}
