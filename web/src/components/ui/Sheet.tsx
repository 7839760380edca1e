import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { Modal } from './Modal';
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

/**
 * A modal panel that slides in from a side. Escape, the close button and a
 * click beside the panel close it; the close button has the focus first.
 */
export function Sheet({
  open,
  onClose,
  label,
  side = 'left',
  closeLabel = 'Close',
  children,
}: SheetProps) {
  if (!open) return null;

  return (
    <Modal className={`sheet sheet--${side}`} onClose={onClose} aria-label={label}>
      <div className="sheet__panel">
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
    </Modal>
  );
}
