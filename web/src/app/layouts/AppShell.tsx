import { useState } from 'react';
import { Outlet } from 'react-router';
import { Sheet } from '@/components/ui';
import { ChatWidget } from '@/features/chat/components/ChatWidget';
import { ConnectHost } from '@/features/connect/components/ConnectHost';
import { DevicesButton } from '@/features/connect/components/DevicesButton';
import { JamHost } from '@/features/jam/components/JamHost';
import { OfflineBanner } from '@/features/offline/components/OfflineBanner';
import { Player } from '@/features/player/components/Player';
import { RadioHost } from '@/features/radio/components/RadioHost';
import { useTimeZoneSync } from '@/features/settings/hooks/use-time-zone-sync';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import './AppShell.css';

/** The signed-in frame: side menu, top bar (with the chat docked in it), the page and the player slot. */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  useTimeZoneSync();
  const closeMenu = () => setMenuOpen(false);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="shell__sidebar">
        <SideNav />
      </aside>
      <div className="shell__body">
        <TopBar onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} actions={<ChatWidget />} />
        <OfflineBanner />
        <main id="main" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <div className="shell__player" data-slot="player">
        <Player devices={<DevicesButton />} />
        <ConnectHost />
        <RadioHost />
        <JamHost />
      </div>
      <Sheet open={menuOpen} onClose={closeMenu} label="Menu" closeLabel="Close menu">
        <SideNav onNavigate={closeMenu} />
      </Sheet>
    </div>
  );
}
