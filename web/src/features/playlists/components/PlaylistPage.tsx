import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Disc3, ListMusic, Music2, SlidersHorizontal, Sparkles } from 'lucide-react';
import { SharePanel } from '@/components/share';
import { PlaylistCover } from '@/components/playlists';
import { ListViewControls, NoSongsMatch, SongList, useListView } from '@/components/songs';
import { Button, ButtonLink, EmptyState, PageHero, PageLoader } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { userPath } from '@/lib/playlist';
import { songsSummary } from '@/lib/format';
import { usePlaylist } from '../api/get-playlist';
import { useTopSongs } from '../api/get-top-songs';
import { orderAfterMove, useReorderPlaylist } from '../api/reorder-playlist';
import { useRemoveFromPlaylist } from '../api/remove-from-playlist';
import { EditDetailsDialog } from './EditDetailsDialog';
import { ExportMenu } from './ExportMenu';
import { PlaylistControls } from './PlaylistControls';
import { SmartEditor } from './SmartEditor';
import type { MaybeSmart } from '../smart/rules';
import './playlists.css';
import './smart.css';

interface HeroProps {
  art: ReactNode;
  title: string;
  description?: ReactNode;
  meta: ReactNode;
}

/** The top of a playlist's page: the big cover, the name and the facts. */
function Hero({ art, title, description, meta }: HeroProps) {
  return (
    <>
      <title>{`${title} · Musicify`}</title>
      <PageHero eyebrow="Playlist" title={title} art={art} description={description} meta={meta} />
    </>
  );
}

/** `/player/top`: the most played songs, read-only. */
function TopSongs() {
  const top = useTopSongs();
  if (top.isPending) return <PageLoader />;
  if (top.isError) {
    return (
      <div className="page">
        <title>Top Songs · Musicify</title>
        <EmptyState
          icon={Disc3}
          title="We could not load the top songs"
          action={<Button onClick={() => void top.refetch()}>Try again</Button>}
        >
          {errorMessage(top.error)}
        </EmptyState>
      </div>
    );
  }
  const songs = top.data;
  return (
    <div className="page">
      <Hero
        art={
          <span className="pl-top-cover" aria-hidden="true">
            <span>#1</span>
          </span>
        }
        title="Top Songs"
        description="The most played tracks on Musicify right now."
        meta={
          <>
            <strong>Musicify</strong> · {songsSummary(songs)}
          </>
        }
      />
      <PlaylistControls songs={songs} name="Top Songs" />
      {songs.length === 0 ? (
        <EmptyState
          icon={Disc3}
          title="No top songs yet"
          action={<ButtonLink to="/songs">Browse songs</ButtonLink>}
        >
          Once people start listening, the most played songs gather here.
        </EmptyState>
      ) : (
        <SongList songs={songs} label="Top Songs" playlistId="top" />
      )}
    </div>
  );
}

/** One playlist by id (or by one of your own names). Its owner can remove and reorder songs. */
function PlaylistDetail({ refName }: { refName: string }) {
  const playlist = usePlaylist(refName);
  const reorder = useReorderPlaylist(refName);
  const remove = useRemoveFromPlaylist(refName);
  const [sharing, setSharing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [editingDetails, setEditingDetails] = useState(false);
  const view = useListView(`playlist:${refName}`);

  if (playlist.isPending) return <PageLoader />;

  if (playlist.isError) {
    const missing = playlist.error instanceof ApiError && playlist.error.status === 404;
    return (
      <div className="page">
        <title>Playlist · Musicify</title>
        <EmptyState
          icon={ListMusic}
          title={missing ? 'This playlist does not exist' : 'We could not load this playlist'}
          action={
            missing ? (
              <ButtonLink to="/playlist">Your playlists</ButtonLink>
            ) : (
              <Button onClick={() => void playlist.refetch()}>Try again</Button>
            )
          }
        >
          {missing
            ? 'It may have been deleted, or the link is not quite right.'
            : errorMessage(playlist.error)}
        </EmptyState>
      </div>
    );
  }

  const p = playlist.data;
  const smart = (p as MaybeSmart).smart === true;
  const owner = p.mine ? (
    <Link to="/profile">{p.owner}</Link>
  ) : (
    <Link to={userPath(p.owner)}>{p.owner}</Link>
  );

  const shown = view.apply(p.songs);
  // Moving songs only makes sense in the playlist's own order, all of it shown.
  const reorderable = p.mine && !smart && view.natural;

  function move(from: number, to: number) {
    reorder.mutate({ from, to, order: orderAfterMove(playlist.data, from, to) });
  }

  return (
    <div className="page">
      <Hero
        art={<PlaylistCover playlist={p} size={640} eager />}
        title={p.name}
        description={
          p.description ? (
            <span className="pl-description" title={p.description}>
              {p.description}
            </span>
          ) : undefined
        }
        meta={
          <>
            {owner} · {songsSummary(p.songs)}
          </>
        }
      />
      <PlaylistControls
        songs={shown}
        allSongs={p.songs}
        name={p.name}
        onShare={() => setSharing(true)}
        download={{ kind: 'playlist', id: p._id, name: p.name, cover: p.coverSmall }}
        menu={
          <ExportMenu
            playlistId={p._id}
            name={p.name}
            onEditDetails={p.mine ? () => setEditingDetails(true) : undefined}
          />
        }
      />
      {smart && (
        <div className="smart-page-note">
          <span className="smart-badge">
            <Sparkles size={14} aria-hidden="true" />
            Smart playlist
          </span>
          <span>Its songs follow its rules and update as you listen.</span>
          {p.mine && (
            <Button
              size="sm"
              variant="secondary"
              icon={<SlidersHorizontal size={16} aria-hidden="true" />}
              onClick={() => setEditing(true)}
              aria-haspopup="dialog"
            >
              Edit rules
            </Button>
          )}
        </div>
      )}
      {p.songs.length === 0 && smart ? (
        <EmptyState icon={Sparkles} title="No song matches the rules yet">
          {p.mine
            ? 'Edit the rules to loosen them, or listen and like more songs: the playlist fills itself.'
            : 'Its songs appear as soon as some match its rules.'}
        </EmptyState>
      ) : p.songs.length === 0 ? (
        <EmptyState
          icon={Music2}
          title="This playlist is empty"
          action={<ButtonLink to="/songs">Browse songs</ButtonLink>}
        >
          {p.mine
            ? 'Find songs you love and use “Add to playlist” to put them here.'
            : `${p.owner} has not added any songs yet.`}
        </EmptyState>
      ) : (
        <>
          <ListViewControls
            label={`Songs in ${p.name}`}
            customLabel={smart ? 'Best matches' : 'Playlist order'}
            sort={view.sort}
            filter={view.filter}
            onSort={view.setSort}
            onFilter={view.setFilter}
          />
          {shown.length === 0 ? (
            <NoSongsMatch filter={view.filter} onClear={() => view.setFilter('')} />
          ) : (
            <SongList
              songs={shown}
              label={`Songs in ${p.name}`}
              playlistId={p._id}
              onMove={reorderable ? move : undefined}
              onRemove={p.mine && !smart ? (song) => remove.mutate(song) : undefined}
            />
          )}
        </>
      )}
      {editing && <SmartEditor playlist={p} onClose={() => setEditing(false)} />}
      {editingDetails && (
        <EditDetailsDialog playlist={p} onClose={() => setEditingDetails(false)} />
      )}
      {reorderable && p.songs.length > 1 && (
        <p className="pl-hint">
          Drag a song by its handle to reorder, or use Move up and Move down (Alt+↑ and Alt+↓).
        </p>
      )}
      {p.mine && !smart && !view.natural && p.songs.length > 1 && (
        <p className="pl-hint">Choose Playlist order and clear the filter to reorder songs.</p>
      )}
      {sharing && (
        <SharePanel
          target={{ type: 'playlist', id: p._id, name: p.name }}
          onClose={() => setSharing(false)}
        />
      )}
    </div>
  );
}

/** `/player/:id`: a playlist; 'top' is the top songs. */
export function PlaylistPage() {
  const { id = '' } = useParams();
  if (id === 'top') return <TopSongs />;
  // A new key per playlist: nothing of one playlist's page lingers on the next.
  return <PlaylistDetail key={id} refName={id} />;
}
