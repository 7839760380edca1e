import {
  ArrowDownToLine,
  Disc3,
  History,
  Home,
  ListMusic,
  Mic2,
  Music2,
  Radio,
  ShieldCheck,
  Upload,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The side menu, in the original app's order, in two groups. */
export const navGroups: { label: string; items: NavItem[] }[] = [
  {
    label: 'Library',
    items: [
      { to: '/songs', label: 'Songs', icon: Music2 },
      { to: '/albums', label: 'Albums', icon: Disc3 },
      { to: '/playlist', label: 'Playlists', icon: ListMusic },
      { to: '/artist', label: 'Artists', icon: Mic2 },
      { to: '/join', label: 'Radio', icon: Radio },
      { to: '/jam', label: 'Jam', icon: Users },
      { to: '/upload', label: 'Upload song', icon: Upload },
    ],
  },
  {
    label: 'You',
    items: [
      { to: '/home', label: 'Home', icon: Home },
      { to: '/recent', label: 'Recently played', icon: History },
      { to: '/downloads', label: 'Downloads', icon: ArrowDownToLine },
      { to: '/profile', label: 'Profile', icon: UserRound },
    ],
  },
];

/** Shown to admins only (the server checks every admin call again). */
export const adminItem: NavItem = { to: '/admin', label: 'Admin', icon: ShieldCheck };

/** The groups a user sees: admins also get the Admin page under You. */
export function navGroupsFor(admin: boolean) {
  if (!admin) return navGroups;
  return navGroups.map((g) => (g.label === 'You' ? { ...g, items: [...g.items, adminItem] } : g));
}
