import { Link, Outlet } from 'react-router';
import { AudioLines, Compass, DownloadCloud } from 'lucide-react';
import { Logo } from '@/components/ui';
import './AuthLayout.css';

const bars = [38, 62, 90, 54, 74, 100, 66, 44, 82, 58, 36, 70, 92, 48, 64];

/** The frame of the signed-out screens: the pitch on the left, the form on the right. */
export function AuthLayout() {
  return (
    <div className="auth">
      <aside className="auth__art" aria-label="About Musicify">
        <div className="auth__glow auth__glow--a" />
        <div className="auth__glow auth__glow--b" />
        <div className="auth__glow auth__glow--c" />
        <Logo size={36} className="auth__brand" />
        <div className="auth__pitch">
          <p className="auth__kicker">Your music, your way</p>
          <p className="auth__tagline">
            Discover new music, listen offline and hear every detail in high-quality audio.
          </p>
          <ul className="auth__features">
            <li>
              <Compass size={20} aria-hidden="true" />
              <span>
                <strong>Discover new music</strong> picked from what you love
              </span>
            </li>
            <li>
              <DownloadCloud size={20} aria-hidden="true" />
              <span>
                <strong>Listen offline</strong> wherever the signal drops
              </span>
            </li>
            <li>
              <AudioLines size={20} aria-hidden="true" />
              <span>
                <strong>High-quality audio</strong> straight from the original files
              </span>
            </li>
          </ul>
        </div>
        <div className="auth__now" aria-hidden="true">
          <div className="auth__cover" />
          <div className="auth__now-text">
            <span className="auth__now-title">Midnight Drive</span>
            <span className="auth__now-artist">Neon Harbor</span>
          </div>
          <div className="auth__eq">
            {bars.map((h, i) => (
              <span key={i} style={{ height: `${h}%`, animationDelay: `${(i % 5) * 0.12}s` }} />
            ))}
          </div>
        </div>
      </aside>
      <main className="auth__main">
        <div className="auth__mobile-brand">
          <Logo size={32} />
        </div>
        <div className="auth__card">
          <Outlet />
        </div>
        <footer className="auth__footer">
          <span>© Musicify</span>
          <Link to="/tandc">Terms and Conditions</Link>
        </footer>
      </main>
    </div>
  );
}
