import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createStore, useStore } from '@/lib/store';
import './Modal.css';

interface ModalProps {
  /** Called for Escape, a click beside the panel, or the dialog closing by itself. */
  onClose: () => void;
  /** The class of the <dialog> itself: it covers the viewport, the panel sits inside. */
  className: string;
  role?: 'dialog' | 'alertdialog';
  'aria-labelledby'?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  children: ReactNode;
}

/**
 * The open modals, innermost last. The toasts move into the innermost one:
 * outside it they would sit under the top layer, inert and unheard.
 */
const openModals = createStore<readonly HTMLDialogElement[]>([]);

/** The modal that holds the focus now, or null; what must stay usable goes inside it. */
export function useTopModal(): HTMLDialogElement | null {
  return useStore(openModals, (list) => list[list.length - 1] ?? null);
}

/** What takes the focus first: a marked element, else the first field, else the browser's pick. */
const FIRST_FOCUS =
  '[data-autofocus], input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled])';

/**
 * Every modal of the app: a native <dialog> opened with showModal(), which
 * keeps the focus inside, makes the page behind inert and draws above it.
 * Escape and a click beside the panel close it, and the focus goes back to
 * the element that had it. Render it while open; unmounting closes it.
 */
export function Modal({ onClose, className, role, children, ...aria }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Before paint, so the panel never shows without the focus in it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>(FIRST_FOCUS)?.focus();
    openModals.set((list) => [...list, dialog]);

    let closing = false;
    const requestClose = () => {
      if (closing) return;
      closing = true;
      onCloseRef.current();
    };
    // Escape: the parent decides, so the dialog and the state never disagree.
    const onCancel = (e: Event) => {
      e.preventDefault();
      requestClose();
    };
    // The browser may close it without asking (Escape pressed twice with no click between).
    const onNativeClose = () => requestClose();
    // Keys meant for the dialog stop here: the player's shortcuts and menus behind never see Escape.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') e.stopPropagation();
    };
    // A click beside the panel lands on the dialog itself; one that only ends there (a drag
    // out of a field) does not count.
    let downOnDialog = false;
    const onPointerDown = (e: PointerEvent) => {
      downOnDialog = e.target === dialog;
    };
    const onClick = (e: MouseEvent) => {
      if (e.target === dialog && downOnDialog) requestClose();
      downOnDialog = false;
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('keydown', onKey);
    dialog.addEventListener('pointerdown', onPointerDown);
    dialog.addEventListener('click', onClick);

    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('keydown', onKey);
      dialog.removeEventListener('pointerdown', onPointerDown);
      dialog.removeEventListener('click', onClick);
      openModals.set((list) => list.filter((d) => d !== dialog));
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <dialog ref={ref} className={`modal ${className}`} role={role} aria-modal="true" {...aria}>
      {children}
    </dialog>,
    document.body,
  );
}
