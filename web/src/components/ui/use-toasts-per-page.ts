import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useToast } from './toast-context';

/**
 * Clears the toasts of the page left behind when the path changes (not its
 * query: filters and tabs stay on one page). Used once, above every route.
 */
export function useToastsPerPage() {
  const { pathname } = useLocation();
  const { pageChanged } = useToast();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    pageChanged();
  }, [pathname, pageChanged]);
}
