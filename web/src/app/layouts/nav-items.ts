import {
  Home,
  ListMusic,
  Mic2,
  Music2,
  Radio,
  Upload,
  UserRound,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The side menu of SPEC.md, in its order, in two groups. */
export const navGroups: { label: string; items: NavItem[] }[] = [
  {
    label: 'Library',
    items: [
      { to: '/songs', label: 'Songs', icon: Music2 },
      { to: '/playlist', label: 'Playlists', icon: ListMusic },
      { to: '/artist', label: 'Artists', icon: Mic2 },
      { to: '/join', label: 'Radio', icon: Radio },
      { to: '/upload', label: 'Upload song', icon: Upload },
    ],
  },
  {
    label: 'You',
    items: [
      { to: '/home', label: 'Home', icon: Home },
      { to: '/profile', label: 'Profile', icon: UserRound },
    ],
  },
];
