import { Link } from 'react-router';
import { Menu } from 'lucide-react';
import { LogoMark } from '@/components/ui';
import { SearchBox } from './SearchBox';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  onOpenMenu: () => void;
  menuOpen: boolean;
}

export function TopBar({ onOpenMenu, menuOpen }: TopBarProps) {
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
      <UserMenu />
    </header>
  );
}
