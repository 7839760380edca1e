import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { CollectionActions, QueueListMenu, SongList } from '@/components/songs';
import { Button, ButtonLink, EmptyState, PageHero, PageLoader } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { songsSummary } from '@/lib/format';
import { useSession } from '@/lib/session';
import { playable } from '@/lib/song';
import { recentQuery } from '../api/get-recent';
import './recent.css';

/**
 * `/recent`: the songs you played, the latest first, each once. A song
 * shows up once its listen counts (after 10 seconds of playing).
 */
export function RecentPage() {
  const { user } = useSession();
  const recent = useQuery(recentQuery());
  const songs = recent.data ?? [];
  const queue = playable(songs);

  let body;
  if (recent.isPending) {
    body = <PageLoader />;
  } else if (recent.isError) {
    body = (
      <EmptyState
        icon={History}
        title="We could not load what you played"
        action={<Button onClick={() => void recent.refetch()}>Try again</Button>}
      >
        {errorMessage(recent.error)}
      </EmptyState>
    );
  } else if (songs.length === 0) {
    body = (
      <EmptyState
        icon={History}
        title="Songs you play will appear here"
        action={<ButtonLink to="/songs">Browse songs</ButtonLink>}
      >
        A song joins the list once you have listened to it for a few seconds.
      </EmptyState>
    );
  } else {
    body = <SongList songs={songs} label="Recently played" />;
  }

  return (
    <div className="page">
      <title>Recently played · Musicify</title>
      <PageHero
        eyebrow="You"
        title="Recently played"
        tint={200}
        art={
          <span className="recent-art" aria-hidden="true">
            <History size={72} />
          </span>
        }
        meta={
          <>
            <strong>{user.username}</strong>
            {recent.isSuccess && ` · ${songsSummary(songs)}, the latest first`}
          </>
        }
      />
      {queue.length > 0 && (
        <CollectionActions songs={queue}>
          <QueueListMenu songs={queue} name="Recently played" />
        </CollectionActions>
      )}
      {body}
    </div>
  );
}
