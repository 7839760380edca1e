import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useToastsPerPage } from '@/components/ui';

/** Above every route: the loading bar between pages, scroll restoration and per-page toasts. */
export function RootLayout() {
  const navigation = useNavigation();
  useToastsPerPage();
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
