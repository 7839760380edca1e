import { Link, NavLink } from 'react-router';
import { Heart } from 'lucide-react';
import { Logo } from '@/components/ui';
import { useOptionalSession } from '@/lib/session';
import { navGroupsFor } from './nav-items';
import './SideNav.css';

interface SideNavProps {
  /** Called after a link is followed, so the mobile sheet can close. */
  onNavigate?: () => void;
}

/** The seven links of the side menu, shared by the sidebar and the mobile sheet. */
export function SideNav({ onNavigate }: SideNavProps) {
  const navGroups = navGroupsFor(useOptionalSession()?.user.admin === true);
  return (
    <div className="sidenav">
      <Link to="/home" className="sidenav__brand" aria-label="Musicify home" onClick={onNavigate}>
        <Logo size={34} />
      </Link>
      <nav aria-label="Main" className="sidenav__nav">
        {navGroups.map((group) => (
          <div key={group.label} className="sidenav__group">
            <p className="sidenav__group-label" aria-hidden="true">
              {group.label}
            </p>
            <ul>
              {group.items.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink to={to} className="sidenav__link" onClick={onNavigate}>
                    <Icon size={20} aria-hidden="true" />
                    <span>{label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <NavLink to="/likes" className="sidenav__liked" onClick={onNavigate}>
        <span className="sidenav__liked-art" aria-hidden="true">
          <Heart size={16} fill="currentColor" />
        </span>
        <span>Liked Songs</span>
      </NavLink>
      <div className="sidenav__footer">
        <Link to="/tandc" onClick={onNavigate}>
          Terms and Conditions
        </Link>
      </div>
    </div>
  );
}
