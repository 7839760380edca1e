import { PageLoader } from '@/components/ui';
import { SessionContext } from '@/lib/session';
import { AppShell } from '../layouts/AppShell';
import { PublicShell } from '../layouts/PublicShell';
import { useSessionGate } from './use-session-gate';

/**
 * For pages open to everyone (a shared link): a signed-in user gets the
 * whole app around the page, a visitor a plain frame with a way to sign in.
 * Pages tell them apart with useOptionalSession.
 */
export function OptionalSession() {
  const gate = useSessionGate();
  if (gate.status === 'pending') return <PageLoader full />;
  if (gate.status === 'signed-out') return <PublicShell />;
  return (
    <SessionContext.Provider value={gate.session}>
      <AppShell />
    </SessionContext.Provider>
  );
}
