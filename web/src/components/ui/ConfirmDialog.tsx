import { useId, type ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import './ConfirmDialog.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions get the danger style. */
  tone?: 'danger' | 'primary';
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action that cannot be undone. Cancel has the focus first,
 * so a stray Enter changes nothing; Escape and a click beside it cancel.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();

  if (!open) return null;

  return (
    <Modal
      className="confirm"
      role="alertdialog"
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={children ? textId : undefined}
    >
      <div className="confirm__panel">
        <h2 id={titleId} className="confirm__title">
          {title}
        </h2>
        {children && (
          <div id={textId} className="confirm__text">
            {children}
          </div>
        )}
        <div className="confirm__actions">
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
