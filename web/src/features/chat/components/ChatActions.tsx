import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListMusic, ListPlus, Play } from 'lucide-react';
import { Button, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { playSongs } from '@/lib/player-store';
import { playlistPath } from '@/lib/playlist';
import { plural } from '@/lib/song';
import { useCreatePlaylistWithSongs } from '../api/create-playlist-with-songs';
import type { ChatAction } from '../api/send-message';

const icons = {
  play: <Play size={16} fill="currentColor" aria-hidden="true" />,
  open_playlist: <ListMusic size={16} aria-hidden="true" />,
  create_playlist: <ListPlus size={16} aria-hidden="true" />,
};

/** One offer of the assistant, as a button: play songs, open or create a playlist. */
function ActionButton({ action }: { action: ChatAction }) {
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreatePlaylistWithSongs();
  // Once made, the button opens the playlist instead of making another.
  const [createdId, setCreatedId] = useState<string | null>(null);

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
      case 'create_playlist': {
        if (createdId) {
          void navigate(playlistPath(createdId));
          return;
        }
        const name = action.name?.trim() ?? '';
        if (name === '') return;
        create.mutate(
          { name, songs },
          {
            onSuccess: ({ playlist, added, failed }) => {
              setCreatedId(playlist._id);
              if (failed > 0) {
                toast.error(
                  `Created “${playlist.name}”, but ${plural(failed, 'song')} could not be added.`,
                );
              } else {
                toast.success(`Created “${playlist.name}” with ${plural(added, 'song')}`);
              }
              void navigate(playlistPath(playlist._id));
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        );
      }
    }
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      icon={icons[action.type]}
      loading={create.isPending}
      onClick={run}
    >
      {action.label}
    </Button>
  );
}

/** The buttons under a reply. */
export function ChatActions({ actions }: { actions: ChatAction[] }) {
  if (actions.length === 0) return null;
  return (
    <div className="chat__actions">
      {actions.map((action, i) => (
        <ActionButton key={`${action.type}-${i}`} action={action} />
      ))}
    </div>
  );
}
