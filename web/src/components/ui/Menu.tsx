import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './Menu.css';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  /** Called after the menu has closed. */
  onSelect: () => void;
  tone?: 'danger';
  /** Set on each item of a menu of choices: the item is a radio, and this one is chosen. */
  checked?: boolean;
}

interface MenuProps {
  /** The accessible name of the button that opens the menu. */
  label: string;
  /** What the button shows (an icon). */
  trigger: ReactNode;
  items: MenuItem[];
  className?: string;
  /** The menu's own name when the button's says more (its current value); else `label`. */
  menuLabel?: string;
}

/**
 * A button that opens a small menu of actions. Arrow keys, Home and End move
 * between items; Escape or a click elsewhere closes it and the focus goes
 * back to the button.
 */
export function Menu({ label, trigger, items, className, menuLabel }: MenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [initial, setInitial] = useState<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    const list = itemRefs.current.filter(Boolean);
    // In a menu of choices the keyboard starts on the one chosen, as a select does.
    const chosen = list.find((el) => el?.getAttribute('aria-checked') === 'true');
    (chosen ?? (initial === 'last' ? list[list.length - 1] : list[0]))?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, initial]);

  function close(refocus = true) {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }

  function onButtonKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setInitial(e.key === 'ArrowUp' ? 'last' : 'first');
      setOpen(true);
    }
  }

  function onMenuKey(e: KeyboardEvent<HTMLDivElement>) {
    const list = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null);
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        focusAt(at + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        focusAt(at - 1);
        break;
      case 'Home':
        e.preventDefault();
        focusAt(0);
        break;
      case 'End':
        e.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        close();
        break;
      case 'Tab':
        close(false);
        break;
    }
  }

  return (
    <div className={['menu', className].filter(Boolean).join(' ')} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="menu__button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setInitial('first');
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKey}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={menuId}
          className="menu__list"
          role="menu"
          aria-label={menuLabel ?? label}
          // Focus lives on the items; the menu itself only takes it from a script.
          tabIndex={-1}
          onKeyDown={onMenuKey}
        >
          {items.map((item, i) => (
            <button
              key={item.label}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.checked}
              tabIndex={-1}
              className={item.tone === 'danger' ? 'menu__item menu__item--danger' : 'menu__item'}
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.icon}
              <span>{item.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
