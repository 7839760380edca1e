import { createContext, useContext } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastApi {
  /** Shows a message; errors are announced at once (role=alert), the rest politely. */
  show: (message: string, tone?: ToastTone) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  dismissAll: () => void;
  /**
   * Called when the page changes: dismisses the toasts raised before the
   * person's last action, keeping those that announce its outcome.
   */
  pageChanged: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
