import { useState } from 'react';
import {
  FileUp,
  ImagePlus,
  ListMusic,
  MoreHorizontal,
  Plus,
  Share2,
  SlidersHorizontal,
  Sparkles,
  Trash2,
  X,
} from 'lucide-react';
import { SharePanel } from '@/components/share';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Menu,
  PageHeader,
  PageLoader,
  useToast,
} from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { plural } from '@/lib/song';
import { useDeletePlaylist } from '../api/delete-playlist';
import { PlaylistCard, usePlaylists } from '@/components/playlists';
import { CoverDialog } from './CoverDialog';
import { CreatePlaylistDialog } from './CreatePlaylistDialog';
import { ImportPlaylistDialog } from './ImportPlaylistDialog';
import { SmartEditor } from './SmartEditor';
import type { MaybeSmart } from '../smart/rules';
import './playlists.css';

type Open =
  | { kind: 'create' | 'import' | 'smart' }
  | { kind: 'cover' | 'share' | 'delete' | 'rules'; playlist: Playlist }
  | null;

/** `/playlist`: your playlists, with Create and a menu on every card. */
export function PlaylistsPage() {
  const playlists = usePlaylists();
  const remove = useDeletePlaylist();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const createButton = (
    <div className="pl-create-actions">
      <Button
        size="lg"
        variant="secondary"
        icon={<FileUp size={18} aria-hidden="true" />}
        onClick={() => setOpen({ kind: 'import' })}
        aria-haspopup="dialog"
        aria-label="Import playlist"
      >
        <span className="pl-create-long">Import playlist</span>
        <span className="pl-create-short">Import</span>
      </Button>
      <Button
        size="lg"
        variant="secondary"
        icon={<Sparkles size={20} aria-hidden="true" />}
        onClick={() => setOpen({ kind: 'smart' })}
        aria-haspopup="dialog"
        aria-label="New smart playlist"
      >
        <span className="pl-create-long">New smart playlist</span>
        <span className="pl-create-short">Smart</span>
      </Button>
      <Button
        size="lg"
        icon={<Plus size={20} aria-hidden="true" />}
        onClick={() => setOpen({ kind: 'create' })}
        aria-haspopup="dialog"
      >
        Create
      </Button>
    </div>
  );

  function confirmDelete() {
    if (open?.kind !== 'delete') return;
    remove.mutate(open.playlist._id, {
      onSuccess: () => {
        close();
        toast.success('Playlist deleted');
      },
      onError: (err) => {
        close();
        toast.error(errorMessage(err));
      },
    });
  }

  let body;
  if (playlists.isPending) {
    body = <PageLoader />;
  } else if (playlists.isError) {
    body = (
      <EmptyState
        icon={ListMusic}
        title="We could not load your playlists"
        action={<Button onClick={() => void playlists.refetch()}>Try again</Button>}
      >
        {errorMessage(playlists.error)}
      </EmptyState>
    );
  } else if (playlists.data.length === 0) {
    body = (
      <EmptyState icon={ListMusic} title="You have no playlists yet">
        Gather your favourite songs into playlists, give them a cover and share them. Press Create
        to make your first one.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="pl-grid" aria-label="Your playlists">
        {playlists.data.map((p) => (
          <li key={p._id}>
            <PlaylistCard
              playlist={p}
              meta={
                (p as MaybeSmart).smart ? (
                  <span className="pl-smart-meta">
                    <Sparkles size={13} aria-hidden="true" />
                    Smart · {plural(p.count, 'song')}
                  </span>
                ) : (
                  plural(p.count, 'song')
                )
              }
              actions={
                <Menu
                  label={`More options for ${p.name}`}
                  trigger={<MoreHorizontal size={20} aria-hidden="true" />}
                  items={[
                    ...((p as MaybeSmart).smart
                      ? [
                          {
                            label: 'Edit rules',
                            icon: <SlidersHorizontal size={18} aria-hidden="true" />,
                            onSelect: () => setOpen({ kind: 'rules', playlist: p }),
                          },
                        ]
                      : []),
                    {
                      label: 'Share',
                      icon: <Share2 size={18} aria-hidden="true" />,
                      onSelect: () => setOpen({ kind: 'share', playlist: p }),
                    },
                    {
                      label: 'Delete',
                      icon: <Trash2 size={18} aria-hidden="true" />,
                      tone: 'danger',
                      onSelect: () => setOpen({ kind: 'delete', playlist: p }),
                    },
                    {
                      label: 'Change cover',
                      icon: <ImagePlus size={18} aria-hidden="true" />,
                      onSelect: () => setOpen({ kind: 'cover', playlist: p }),
                    },
                    {
                      label: 'Close',
                      icon: <X size={18} aria-hidden="true" />,
                      onSelect: () => undefined,
                    },
                  ]}
                />
              }
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="page">
      <PageHeader
        eyebrow="Library"
        title="Your Playlists"
        description={
          playlists.isSuccess && playlists.data.length > 0
            ? `${plural(playlists.data.length, 'playlist')} you made.`
            : 'Collections you have built.'
        }
        actions={createButton}
      />
      {body}
      {open?.kind === 'create' && <CreatePlaylistDialog onClose={close} />}
      {open?.kind === 'import' && <ImportPlaylistDialog onClose={close} />}
      {open?.kind === 'smart' && <SmartEditor onClose={close} />}
      {open?.kind === 'rules' && <SmartEditor playlist={open.playlist} onClose={close} />}
      {open?.kind === 'cover' && <CoverDialog playlist={open.playlist} onClose={close} />}
      {open?.kind === 'share' && (
        <SharePanel
          target={{ type: 'playlist', id: open.playlist._id, name: open.playlist.name }}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={`Delete “${open?.kind === 'delete' ? open.playlist.name : ''}”?`}
        confirmLabel="Delete playlist"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={close}
      >
        The playlist and its cover go away for good. The songs in it stay on Musicify.
      </ConfirmDialog>
    </div>
  );
}
