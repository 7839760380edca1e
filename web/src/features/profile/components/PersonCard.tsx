import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui';
import { userPath } from '@/lib/playlist';

/** 'since Nov 2026': when a follow began, as people say it. */
export function sinceText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en', { month: 'short', year: 'numeric' });
}

interface PersonCardProps {
  username: string;
  /** A short line under the name. */
  note: string;
  actions: ReactNode;
}

/** A person on the follow pages: avatar, name (to their profile) and the actions. */
export function PersonCard({ username, note, actions }: PersonCardProps) {
  return (
    <li className="person">
      <Avatar name={username} size={56} />
      <div className="person__text">
        <Link to={userPath(username)} className="person__name">
          {username}
        </Link>
        <p className="person__note">{note}</p>
      </div>
      <div className="person__actions">{actions}</div>
    </li>
  );
}
