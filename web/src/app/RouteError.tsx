import { Link, isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button, ButtonLink, Logo } from '@/components/ui';
import { isChunkLoadError, pageReload } from '@/lib/chunk-reload';
import './RouteError.css';

interface Copy {
  title: string;
  text: string;
  /** A stale chunk only comes back with a fresh page; anything else may pass on a second try. */
  reload: boolean;
}

function copyFor(error: unknown): Copy {
  if (isChunkLoadError(error)) {
    return navigator.onLine
      ? {
          title: 'Musicify was updated',
          text: 'This page belongs to an older version of the app. Reload to get the new one; nothing you saved is lost.',
          reload: true,
        }
      : {
          title: 'You are offline',
          text: 'This page has not been opened on this device before, so it needs a connection. Try again once you are back online.',
          reload: true,
        };
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return {
      title: 'Nothing here',
      text: 'We could not find what this page asked for. It may have been removed.',
      reload: false,
    };
  }
  return {
    title: 'Something went wrong',
    text: 'This page hit a problem it could not get past. Trying again usually helps; if it keeps happening, reload the app.',
    reload: false,
  };
}

interface RouteErrorProps {
  /** The whole window (no shell around it), with the logo and a background. */
  full?: boolean;
}

/**
 * What a route shows instead of a blank page when it fails to load or to
 * render: what happened in plain words, and a way on.
 */
export function RouteError({ full = false }: RouteErrorProps) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const copy = copyFor(error);
  const Icon = isChunkLoadError(error) && !navigator.onLine ? CloudOff : TriangleAlert;
  // Navigating to the same address runs the route again and clears the error.
  const retry = () => void navigate(location, { replace: true });

  const body = (
    <div className="route-error__body" role="alert">
      <div className="route-error__disc" aria-hidden="true">
        <Icon size={40} strokeWidth={1.5} />
      </div>
      <h1 className="route-error__title">{copy.title}</h1>
      <p className="route-error__text">{copy.text}</p>
      <div className="route-error__actions">
        {copy.reload ? (
          <Button size="lg" icon={<RefreshCw size={18} aria-hidden="true" />} onClick={reload}>
            Reload
          </Button>
        ) : (
          <Button size="lg" icon={<RefreshCw size={18} aria-hidden="true" />} onClick={retry}>
            Try again
          </Button>
        )}
        <ButtonLink to="/home" size="lg" variant="secondary">
          Go home
        </ButtonLink>
      </div>
    </div>
  );

  if (!full) return <section className="route-error">{body}</section>;
  return (
    <main className="route-error route-error--full">
      <title>Something went wrong · Musicify</title>
      <Link to="/" className="route-error__logo" aria-label="Musicify">
        <Logo size={32} />
      </Link>
      {body}
    </main>
  );
}

function reload() {
  pageReload.run();
}

/** For routes that draw the whole window: the root and the layouts. */
export function FullRouteError() {
  return <RouteError full />;
}
