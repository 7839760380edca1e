import { useState } from 'react';
import { Outlet } from 'react-router';
import { Sheet } from '@/components/ui';
import { ChatWidget } from '@/features/chat/components/ChatWidget';
import { OfflineBanner } from '@/features/offline/components/OfflineBanner';
import { Player } from '@/features/player/components/Player';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import './AppShell.css';

/** The signed-in frame: side menu, top bar, the page, the player slot and the chat. */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
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
        <TopBar onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />
        <OfflineBanner />
        <main id="main" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <div className="shell__player" data-slot="player">
        <Player />
      </div>
      <ChatWidget />
      <Sheet open={menuOpen} onClose={closeMenu} label="Menu" closeLabel="Close menu">
        <SideNav onNavigate={closeMenu} />
      </Sheet>
    </div>
  );
}
