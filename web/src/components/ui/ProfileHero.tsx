import type { ReactNode } from 'react';
import { Avatar } from './Avatar';
import './ProfileHero.css';

interface ProfileHeroProps {
  name: string;
  eyebrow?: string;
  /** A line of facts under the name (email, counts). */
  meta?: ReactNode;
  actions?: ReactNode;
}

/** The top of a profile page: big avatar, big name, a soft gradient behind. */
export function ProfileHero({ name, eyebrow = 'Profile', meta, actions }: ProfileHeroProps) {
  return (
    <header className="profile-hero">
      <Avatar name={name} size={136} />
      <div className="profile-hero__text">
        <p className="profile-hero__eyebrow">{eyebrow}</p>
        <h1 className="profile-hero__name">{name}</h1>
        {meta && <div className="profile-hero__meta">{meta}</div>}
        {actions && <div className="profile-hero__actions">{actions}</div>}
      </div>
    </header>
  );
}
