import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArrowDownToLine, Disc3, Heart, ListMusic, Play, Trash2 } from 'lucide-react';
import { SongCover, SongList } from '@/components/songs';
import { Button, ButtonLink, ConfirmDialog, EmptyState, PageHeader } from '@/components/ui';
import {
  dropEvicted,
  removeAllDownloads,
  removeCollection,
  songsOf,
  useDownloads,
  type DownloadIndex,
  type StoredCollection,
} from '@/lib/offline/downloads';
import { playlistPath } from '@/lib/playlist';
import { playSongs } from '@/lib/player-store';
import { albumPath, plural } from '@/lib/song';
import { formatBytes } from '../format-bytes';
import { useStorageEstimate } from '../use-storage-estimate';
import './offline.css';

const KIND_LABEL = { playlist: 'Playlist', album: 'Album', liked: 'Your likes', song: 'Song' };

function collectionPath(c: StoredCollection): string {
  if (c.kind === 'playlist') return playlistPath(c.id);
  if (c.kind === 'album') return albumPath(c.id);
  return '/likes';
}

function bytesOf(songIds: string[], index: DownloadIndex): number {
  return songIds.reduce((sum, id) => sum + (index.songs[id]?.bytes ?? 0), 0);
}

function CollectionArt({ collection }: { collection: StoredCollection }) {
  if (collection.kind === 'liked') {
    return (
      <span className="dl-item__art dl-item__art--liked" aria-hidden="true">
        <Heart size={24} fill="currentColor" />
      </span>
    );
  }
  return <SongCover src={collection.cover} size={64} className="dl-item__art" />;
}

function CollectionRow({
  collection,
  index,
}: {
  collection: StoredCollection;
  index: DownloadIndex;
}) {
  const songs = songsOf(collection, index);
  const Icon = collection.kind === 'album' ? Disc3 : ListMusic;
  const complete = songs.length === collection.songIds.length;
  return (
    <li className="dl-item">
      <CollectionArt collection={collection} />
      <div className="dl-item__text">
        <Link className="dl-item__name" to={collectionPath(collection)}>
          {collection.name}
        </Link>
        <p className="dl-item__meta">
          <Icon size={14} aria-hidden="true" /> {KIND_LABEL[collection.kind]} ·{' '}
          {complete
            ? plural(songs.length, 'song')
            : `${songs.length} of ${plural(collection.songIds.length, 'song')}`}{' '}
          · {formatBytes(bytesOf(collection.songIds, index))}
        </p>
      </div>
      <div className="dl-item__actions">
        <button
          type="button"
          className="dl-item__play"
          onClick={() => playSongs(songs, 0)}
          disabled={songs.length === 0}
          aria-label={`Play “${collection.name}”`}
          title="Play"
        >
          <Play size={18} fill="currentColor" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="dl-item__remove"
          onClick={() => void removeCollection(collection.kind, collection.id)}
          aria-label={`Remove “${collection.name}” from downloads`}
          title="Remove download"
        >
          <Trash2 size={18} aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

/** The space the downloads take, and what the browser allows this site. */
function StorageSummary({ index }: { index: DownloadIndex }) {
  const downloaded = Object.values(index.songs).reduce((sum, s) => sum + s.bytes, 0);
  const songCount = Object.keys(index.songs).length;
  const estimate = useStorageEstimate(songCount);
  const e = estimate.data;
  const quota = e?.quota ?? 0;
  const share = quota > 0 ? Math.min(100, ((e?.usage ?? 0) / quota) * 100) : 0;
  return (
    <section className="dl-storage" aria-label="Storage">
      <div className="dl-storage__figures">
        <p className="dl-storage__big">
          {formatBytes(downloaded)}
          <span> in {plural(songCount, 'song')}</span>
        </p>
        {e && quota > 0 ? (
          <p className="dl-storage__quota">
            Musicify uses {formatBytes(e.usage)} of the {formatBytes(quota)} this browser allows
          </p>
        ) : (
          <p className="dl-storage__quota">This browser does not say how much space it allows.</p>
        )}
      </div>
      {quota > 0 && (
        <div
          className="dl-storage__bar"
          role="meter"
          aria-label="Storage used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share)}
          aria-valuetext={`${formatBytes(e?.usage ?? 0)} of ${formatBytes(quota)}`}
        >
          <span style={{ width: `${Math.max(share, share > 0 ? 1 : 0)}%` }} />
        </div>
      )}
      {e && (
        <p className="dl-storage__note">
          {e.persisted
            ? 'Kept for good: the browser will not clear your downloads to free space.'
            : 'The browser may clear downloads when the device runs low on space.'}
        </p>
      )}
    </section>
  );
}

/** `/downloads`: what plays offline on this device, the space it takes, and removing it. */
export function DownloadsPage() {
  const index = useDownloads((s) => s.index);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    void dropEvicted();
  }, []);

  const collections = index.collections.filter((c) => c.kind !== 'song');
  const songs = Object.values(index.songs)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt))
    .map((s) => s.song);

  return (
    <div className="page">
      <PageHeader
        title="Downloads"
        eyebrow="Library"
        description="Music kept on this device plays without a connection."
        actions={
          songs.length > 0 && (
            <Button
              variant="ghost"
              icon={<Trash2 size={18} aria-hidden="true" />}
              onClick={() => setConfirming(true)}
            >
              Remove all
            </Button>
          )
        }
      />
      <StorageSummary index={index} />
      {songs.length === 0 && collections.length === 0 ? (
        <EmptyState
          icon={ArrowDownToLine}
          title="No downloads yet"
          action={<ButtonLink to="/playlist">Your playlists</ButtonLink>}
        >
          Download a playlist, an album or your Liked Songs to listen without a connection.
        </EmptyState>
      ) : (
        <>
          {collections.length > 0 && (
            <section className="dl-section" aria-labelledby="dl-collections">
              <h2 id="dl-collections" className="dl-section__title">
                Playlists and albums
              </h2>
              <ul className="dl-list">
                {collections.map((c) => (
                  <CollectionRow key={`${c.kind}:${c.id}`} collection={c} index={index} />
                ))}
              </ul>
            </section>
          )}
          {songs.length > 0 && (
            <section className="dl-section" aria-labelledby="dl-songs">
              <h2 id="dl-songs" className="dl-section__title">
                Songs
              </h2>
              <SongList songs={songs} label="Downloaded songs" />
            </section>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Remove all downloads?"
        confirmLabel="Remove all"
        onConfirm={() => {
          setConfirming(false);
          void removeAllDownloads();
        }}
        onCancel={() => setConfirming(false)}
      >
        Every downloaded song leaves this device; they play again with a connection.
      </ConfirmDialog>
    </div>
  );
}
