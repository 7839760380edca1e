import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { ButtonLink, Logo } from '@/components/ui';
import './NotFoundPage.css';

/** Any unknown route: a friendly way back. */
export function NotFoundPage() {
  return (
    <main className="notfound">
      <title>Page not found · Musicify</title>
      <Link to="/" className="notfound__logo" aria-label="Musicify">
        <Logo size={32} />
      </Link>
      <div className="notfound__body">
        <div className="notfound__disc" aria-hidden="true">
          <Compass size={44} strokeWidth={1.5} />
        </div>
        <p className="notfound__code">404</p>
        <h1 className="notfound__title">This page skipped a beat</h1>
        <p className="notfound__text">
          We looked everywhere, but there is nothing at this address. It may have moved, or the link
          has a typo.
        </p>
        <ButtonLink to="/home" size="lg">
          Take me home
        </ButtonLink>
      </div>
    </main>
  );
}
