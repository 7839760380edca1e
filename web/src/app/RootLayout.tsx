import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Above every route: the loading bar between pages and scroll restoration. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
