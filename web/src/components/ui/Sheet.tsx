import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import './Sheet.css';

interface SheetProps {
  open: boolean;
  onClose: () => void;
  /** The accessible name of the dialog. */
  label: string;
  side?: 'left' | 'right';
  /** The accessible name of the close button. */
  closeLabel?: string;
  children: ReactNode;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal panel that slides in from a side. Escape, the close button and a
 * click on the backdrop close it; focus stays inside while it is open and
 * returns to where it was when it closes.
 */
export function Sheet({
  open,
  onClose,
  label,
  side = 'left',
  closeLabel = 'Close',
  children,
}: SheetProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(focusable));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;

  return (
    <div className={`sheet sheet--${side}`}>
      <div className="sheet__backdrop" data-testid="sheet-backdrop" onClick={onClose} />
      <div
        className="sheet__panel"
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={label}
      >
        <button
          type="button"
          className="sheet__close"
          onClick={onClose}
          aria-label={closeLabel}
          data-autofocus
        >
          <X size={22} aria-hidden="true" />
        </button>
        {children}
      </div>
    </div>
  );
}
