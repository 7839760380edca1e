import { Heart } from 'lucide-react';
import {
  CollectionActions,
  ListViewControls,
  NoSongsMatch,
  SongList,
  useLikedSongs,
  useListView,
} from '@/components/songs';
import { DownloadCollectionButton } from '@/components/offline/DownloadCollectionButton';
import { Button, ButtonLink, EmptyState, PageHero, PageLoader } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { songsSummary } from '@/lib/format';
import './likes.css';

/** `/likes`: the songs you liked, the latest first; it follows every heart in the app. */
export function LikesPage() {
  const { user } = useSession();
  const liked = useLikedSongs();
  const view = useListView('likes');
  const all = liked.data ?? [];
  const songs = view.apply(all);

  let body;
  if (liked.isPending) {
    body = <PageLoader />;
  } else if (liked.isError) {
    body = (
      <EmptyState
        icon={Heart}
        title="We could not load your liked songs"
        action={<Button onClick={() => void liked.refetch()}>Try again</Button>}
      >
        {errorMessage(liked.error)}
      </EmptyState>
    );
  } else if (all.length > 0 && songs.length === 0) {
    body = (
      <NoSongsMatch what="liked songs" filter={view.filter} onClear={() => view.setFilter('')} />
    );
  } else if (songs.length === 0) {
    body = (
      <EmptyState
        icon={Heart}
        title="Songs you like will appear here"
        action={<ButtonLink to="/songs">Browse songs</ButtonLink>}
      >
        Tap the heart on any song to save it.
      </EmptyState>
    );
  } else {
    body = <SongList songs={songs} label="Liked Songs" />;
  }

  return (
    <div className="page">
      <title>Liked Songs · Musicify</title>
      <PageHero
        eyebrow="Library"
        title="Liked Songs"
        tint="violet"
        art={
          <span className="likes-art" aria-hidden="true">
            <Heart size={72} fill="currentColor" />
          </span>
        }
        meta={
          <>
            <strong>{user.username}</strong>
            {liked.isSuccess && ` · ${songsSummary(all)}`}
          </>
        }
      />
      {all.length > 0 && (
        <CollectionActions songs={songs}>
          <DownloadCollectionButton
            collection={{ kind: 'liked', id: user._id, name: 'Liked Songs', cover: '' }}
            songs={all}
          />
        </CollectionActions>
      )}
      {all.length > 0 && (
        <ListViewControls
          label="Liked Songs"
          customLabel="Recently liked"
          sort={view.sort}
          filter={view.filter}
          onSort={view.setSort}
          onFilter={view.setFilter}
        />
      )}
      {body}
    </div>
  );
}
