import type { ReactNode } from 'react';

interface AuthHeaderProps {
  title: string;
  children?: ReactNode;
}

/** The heading of an auth screen, and the tab's title. */
export function AuthHeader({ title, children }: AuthHeaderProps) {
  return (
    <header className="auth-form__header">
      <title>{`${title} · Musicify`}</title>
      <h1 className="auth-form__title">{title}</h1>
      {children && <p className="auth-form__subtitle">{children}</p>}
    </header>
  );
}
