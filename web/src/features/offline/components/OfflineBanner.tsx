import { Link } from 'react-router';
import { WifiOff } from 'lucide-react';
import { useOnline } from '@/lib/offline/network';
import './offline.css';

/** Across the top of the app while the browser has no connection. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <WifiOff size={18} aria-hidden="true" />
      <p>
        <strong>You’re offline.</strong>{' '}
        <span className="offline-banner__more">
          Downloaded music still plays; likes and plays are sent when you’re back.
        </span>
      </p>
      <Link to="/downloads" className="offline-banner__link">
        Downloads
      </Link>
    </div>
  );
}
