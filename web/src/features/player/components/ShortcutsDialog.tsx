import { Dialog } from '@/components/ui';
import { SHORTCUTS } from '../shortcuts';
import { closeShortcuts, useShortcutsOpen } from '../shortcuts-dialog';

/** Names a key for screen readers, where the arrow glyphs read poorly. */
const SPOKEN: Record<string, string> = {
  '←': 'Left arrow',
  '→': 'Right arrow',
  '↑': 'Up arrow',
  '↓': 'Down arrow',
  '?': 'Question mark',
  '/': 'Slash',
};

/** Keys of the app rather than the player, listed after the player's. */
const APP_KEYS: readonly { keys: string[]; label: string }[] = [
  { keys: ['/', 'Ctrl+K'], label: 'Search' },
];

/** Every key the player answers to, opened with `?` or the bar's keyboard button. */
export function ShortcutsDialog() {
  const open = useShortcutsOpen();
  return (
    <Dialog
      open={open}
      onClose={closeShortcuts}
      title="Keyboard shortcuts"
      description="Anywhere in Musicify, except while typing in a field."
      closeLabel="Close keyboard shortcuts"
    >
      <dl className="keys">
        {[...SHORTCUTS, ...APP_KEYS].map(({ keys, label }) => (
          <div key={label} className="keys__row">
            <dt className="keys__keys">
              {keys.map((k) =>
                SPOKEN[k] ? (
                  <kbd key={k} className="keys__key">
                    <span aria-hidden="true">{k}</span>
                    <span className="visually-hidden">{SPOKEN[k]}</span>
                  </kbd>
                ) : (
                  <kbd key={k} className="keys__key">
                    {k}
                  </kbd>
                ),
              )}
            </dt>
            <dd className="keys__label">{label}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
