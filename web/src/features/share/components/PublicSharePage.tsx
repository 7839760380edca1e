import { Music2 } from 'lucide-react';
import { SongCover } from '@/components/songs';
import { ButtonLink, PageLoader } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { withNext } from '@/lib/next-path';
import type { ShareType } from '@/lib/share-links';
import { displayName, plural } from '@/lib/song';
import { usePublicShare } from '../api/get-public-share';
import { ShareNotFound } from './ShareNotFound';

interface PublicSharePageProps {
  type: ShareType;
  id: string;
  /** Where signing up or logging in comes back to. */
  next: string;
}

/** A visitor's preview of a shared song or playlist, with Sign up and Log in. */
export function PublicSharePage({ type, id, next }: PublicSharePageProps) {
  const shared = usePublicShare(type, id);

  if (shared.isPending) return <PageLoader />;
  if (shared.isError) {
    const missing = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <ShareNotFound
        type={type}
        signedIn={false}
        reason={missing ? undefined : errorMessage(shared.error)}
      />
    );
  }

  const item = shared.data;
  const by = type === 'song' ? displayName(item.by) : item.by;
  return (
    <article className="share-public" aria-labelledby="share-title">
      <title>{`${item.name} · Musicify`}</title>
      <SongCover src={item.cover} size={640} className="share-public__cover" eager alt="" />
      <div className="share-public__text">
        <p className="share-public__eyebrow">
          {type === 'song' ? 'Shared song' : 'Shared playlist'}
        </p>
        <h1 id="share-title" className="share-public__name">
          {item.name}
        </h1>
        <p className="share-public__meta">
          <span>by {by}</span>
          {type === 'playlist' ? (
            <span>{plural(item.songs, 'song')}</span>
          ) : (
            <span>
              <Music2 size={14} aria-hidden="true" /> Song
            </span>
          )}
        </p>
        <p className="share-public__pitch">
          Musicify is free. Sign up or log in to listen, and you come right back here.
        </p>
        <div className="share-public__actions">
          <ButtonLink to={withNext('/', next)} size="lg">
            Sign up
          </ButtonLink>
          <ButtonLink to={withNext('/login', next)} size="lg" variant="secondary">
            Log in
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
