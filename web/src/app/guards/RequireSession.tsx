import { Navigate } from 'react-router';
import { PageLoader } from '@/components/ui';
import { SessionContext } from '@/lib/session';
import { AppShell } from '../layouts/AppShell';
import { useSessionGate } from './use-session-gate';

/**
 * The gate of the signed-in area: it loads the profile, and any answer but
 * 200 sends the visitor to /. Inside, pages read the user through useSession.
 */
export function RequireSession() {
  const gate = useSessionGate();
  if (gate.status === 'signed-out') return <Navigate to="/" replace />;
  if (gate.status === 'pending') return <PageLoader full />;
  return (
    <SessionContext.Provider value={gate.session}>
      <AppShell />
    </SessionContext.Provider>
  );
}
