import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { useTopModal } from './Modal';
import { ToastContext, type ToastApi, type ToastTone } from './toast-context';
import './Toast.css';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

/** How many toasts stay on screen at once; older ones make room. */
export const MAX_TOASTS = 3;

const icons = {
  success: CheckCircle2,
  error: AlertCircle,
  info: Info,
} as const;

interface ToastProviderProps {
  children: ReactNode;
  /** Milliseconds a toast stays; errors stay longer. */
  duration?: number;
}

export function ToastProvider({ children, duration = 5000 }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  // The id the next toast will get when the person last acted (a click, a
  // key, the browser's Back): toasts from before it are about an earlier
  // step, those from after it are the outcome of that action.
  const actedAt = useRef(1);

  useEffect(() => {
    const acted = () => {
      actedAt.current = nextId.current;
    };
    const options = { capture: true, passive: true };
    window.addEventListener('pointerdown', acted, options);
    window.addEventListener('keydown', acted, options);
    window.addEventListener('popstate', acted);
    return () => {
      window.removeEventListener('pointerdown', acted, options);
      window.removeEventListener('keydown', acted, options);
      window.removeEventListener('popstate', acted);
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show = (message: string, tone: ToastTone = 'info') => {
      const id = nextId.current++;
      // The same message again is shown anew, so it is announced again.
      setToasts((list) =>
        [...list.filter((t) => t.message !== message), { id, message, tone }].slice(-MAX_TOASTS),
      );
    };
    return {
      show,
      success: (m) => show(m, 'success'),
      error: (m) => show(m, 'error'),
      info: (m) => show(m, 'info'),
      dismissAll: () => setToasts([]),
      pageChanged: () => {
        // 'Password changed', raised by the action that led here, stays; an error
        // from an earlier try ('That code isn’t right. Check the mail and try again.') does not follow the person.
        const since = actedAt.current;
        setToasts((list) =>
          list.some((t) => t.id < since) ? list.filter((t) => t.id >= since) : list,
        );
      },
    };
  }, []);

  // Toasts go inside the open modal, if any: the rest of the page is inert
  // and under it then. Only while there are toasts, so a modal's own alerts
  // are the only ones in it otherwise.
  const modal = useTopModal();
  const errors = toasts.filter((t) => t.tone === 'error');
  const others = toasts.filter((t) => t.tone !== 'error');

  return (
    <ToastContext.Provider value={api}>
      {children}
      {createPortal(
        <section className="toaster" aria-label="Notifications">
          <div className="toaster__region" role="alert" aria-atomic="false">
            {errors.map((t) => (
              <Toast key={t.id} toast={t} duration={duration * 1.6} onDismiss={dismiss} />
            ))}
          </div>
          <div className="toaster__region" role="status" aria-live="polite" aria-atomic="false">
            {others.map((t) => (
              <Toast key={t.id} toast={t} duration={duration} onDismiss={dismiss} />
            ))}
          </div>
        </section>,
        (toasts.length > 0 && modal) || document.body,
      )}
    </ToastContext.Provider>
  );
}

interface ToastProps {
  toast: ToastItem;
  duration: number;
  onDismiss: (id: number) => void;
}

function Toast({ toast, duration, onDismiss }: ToastProps) {
  const [paused, setPaused] = useState(false);
  const Icon = icons[toast.tone];

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), duration);
    return () => window.clearTimeout(timer);
  }, [paused, duration, onDismiss, toast.id]);

  return (
    <div
      className={`toast toast--${toast.tone}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon className="toast__icon" size={20} aria-hidden="true" />
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
      >
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
