import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '@/components/ui';
import { withNext } from '@/lib/next-path';
import { SessionContext } from '@/lib/session';
import { AppShell } from '../layouts/AppShell';
import { useSessionGate } from './use-session-gate';

/**
 * The gate of the signed-in area: it loads the profile, and any answer but
 * 200 sends the visitor to /login with the page they asked for as `next`,
 * so that logging in (or signing up from there) lands on it. Inside, pages
 * read the user through useSession.
 */
export function RequireSession() {
  const gate = useSessionGate();
  const location = useLocation();
  if (gate.status === 'signed-out') {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={withNext('/login', target)} replace />;
  }
  if (gate.status === 'pending') return <PageLoader full />;
  return (
    <SessionContext.Provider value={gate.session}>
      <AppShell />
    </SessionContext.Provider>
  );
}
