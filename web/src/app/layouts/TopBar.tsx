import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Menu } from 'lucide-react';
import { LogoMark } from '@/components/ui';
import { SearchBox } from './SearchBox';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  onOpenMenu: () => void;
  menuOpen: boolean;
  /** Docked before the user menu (the chat): in the bar, it never covers the page. */
  actions?: ReactNode;
}

export function TopBar({ onOpenMenu, menuOpen, actions }: TopBarProps) {
  return (
    <header className="topbar">
      <button
        type="button"
        className="topbar__menu"
        onClick={onOpenMenu}
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-haspopup="dialog"
      >
        <Menu size={22} aria-hidden="true" />
      </button>
      <Link to="/home" className="topbar__logo" aria-label="Musicify home">
        <LogoMark size={30} />
      </Link>
      <SearchBox />
      {actions}
      <UserMenu />
    </header>
  );
}
