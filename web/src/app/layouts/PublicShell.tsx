import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui';
import './PublicShell.css';

/** The frame of pages a visitor without an account may see: the logo, the page, the terms. */
export function PublicShell() {
  return (
    <div className="public">
      <header className="public__top">
        <Link to="/" className="public__brand" aria-label="Musicify">
          <Logo size={32} />
        </Link>
      </header>
      <main id="main" className="public__main">
        <Outlet />
      </main>
      <footer className="public__footer">
        <span>© Musicify</span>
        <Link to="/tandc">Terms and Conditions</Link>
      </footer>
    </div>
  );
}
