import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ListMusic, ListPlus, ListVideo, Play } from 'lucide-react';
import { Button, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { playSongs } from '@/lib/player-store';
import { playlistPath } from '@/lib/playlist';
import { plural } from '@/lib/song';
import { useAddSongsToPlaylist } from '@/components/playlists';
import { useCreatePlaylistWithSongs } from '../api/create-playlist-with-songs';
import type { ChatAction } from '../api/send-message';
import { isButton } from '../player-actions';

const icons: Partial<Record<ChatAction['type'], ReactNode>> = {
  play: <Play size={16} fill="currentColor" aria-hidden="true" />,
  open_playlist: <ListMusic size={16} aria-hidden="true" />,
  create_playlist: <ListPlus size={16} aria-hidden="true" />,
  add_to_playlist: <ListVideo size={16} aria-hidden="true" />,
};

/**
 * One offer of the assistant, as a button: play songs, open or create a
 * playlist. `onCreated` notes the playlist a 'create_playlist' made on the
 * action in the conversation, which the tab keeps.
 */
function ActionButton({
  action,
  onCreated,
}: {
  action: ChatAction;
  onCreated: (playlistId: string) => void;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreatePlaylistWithSongs();
  const add = useAddSongsToPlaylist();

  function run() {
    const songs = action.songs ?? [];
    switch (action.type) {
      case 'play':
        if (songs.length === 0) toast.error('There is nothing to play here any more.');
        else playSongs(songs, 0);
        return;
      case 'open_playlist':
        if (action.playlist) void navigate(playlistPath(action.playlist));
        return;
      case 'add_to_playlist': {
        const playlistId = action.playlist;
        if (!playlistId || songs.length === 0 || add.isPending) return;
        void add.mutateAsync({ playlistId, songIds: songs.map((s) => s._id) }).then(
          ({ added, already }) => {
            toast.success(
              already > 0
                ? `Added ${plural(added, 'song')}; ${plural(already, 'song')} already there`
                : `Added ${plural(added, 'song')}`,
            );
            void navigate(playlistPath(playlistId));
          },
          (err: unknown) => toast.error(errorMessage(err)),
        );
        return;
      }
      case 'create_playlist': {
        // Once made, the button opens the playlist instead of making another.
        if (action.created) {
          void navigate(playlistPath(action.created));
          return;
        }
        const name = action.name?.trim() ?? '';
        if (name === '' || create.isPending) return;
        // mutateAsync, not mutate: what was made is noted even if the panel closes meanwhile.
        void create.mutateAsync({ name, songs }).then(
          ({ playlist, added, failed, existing }) => {
            onCreated(playlist._id);
            if (existing) {
              toast.info(`“${playlist.name}” is already one of your playlists.`);
            } else if (failed > 0) {
              toast.error(
                `Created “${playlist.name}”, but ${plural(failed, 'song')} could not be added.`,
              );
            } else {
              toast.success(`Created “${playlist.name}” with ${plural(added, 'song')}`);
            }
            void navigate(playlistPath(playlist._id));
          },
          (err: unknown) => toast.error(errorMessage(err)),
        );
      }
    }
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      icon={icons[action.type]}
      loading={create.isPending || add.isPending}
      onClick={run}
    >
      {action.label}
    </Button>
  );
}

/** The buttons under a reply; `onCreated` gets the action's index and the playlist it made. */
export function ChatActions({
  actions,
  onCreated,
}: {
  actions: ChatAction[];
  onCreated: (actionIndex: number, playlistId: string) => void;
}) {
  if (!actions.some(isButton)) return null;
  return (
    <div className="chat__actions">
      {actions.map((action, i) =>
        !isButton(action) ? null : (
          <ActionButton
            key={`${action.type}-${i}`}
            action={action}
            onCreated={(playlistId) => onCreated(i, playlistId)}
          />
        ),
      )}
    </div>
  );
}
