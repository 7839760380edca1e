import { useId, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { Modal } from './Modal';
import './Dialog.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** The visible title, which also names the dialog. */
  title: string;
  /** A line under the title, read with the dialog. */
  description?: ReactNode;
  children: ReactNode;
  /** Wider dialogs for richer content (the share panel). */
  size?: 'sm' | 'md';
  /** Shown instead of the default close label, e.g. 'Close share panel'. */
  closeLabel?: string;
}

/**
 * A centred modal dialog (a sheet from the bottom on phones), named by its
 * title. The first field, or else the close button, takes the focus; Escape,
 * the close button and a click beside it close it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  size = 'sm',
  closeLabel = 'Close',
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();

  if (!open) return null;

  return (
    <Modal
      className="dialog"
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
    >
      <div className={`dialog__panel dialog__panel--${size}`}>
        <header className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" onClick={onClose} aria-label={closeLabel}>
            <X size={20} aria-hidden="true" />
          </button>
        </header>
        {description && (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        )}
        <div className="dialog__body">{children}</div>
      </div>
    </Modal>
  );
}
