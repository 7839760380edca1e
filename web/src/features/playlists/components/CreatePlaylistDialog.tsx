import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCreatePlaylist } from '@/components/playlists';
import { Button, Dialog, TextField, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { playlistPath } from '@/lib/playlist';

/** The server's limit on a playlist's name. */
export const MAX_NAME = 100;

/** 'Create': a playlist name (spaces kept as typed) and the Create button; the new playlist opens. */
export function CreatePlaylistDialog({ onClose }: { onClose: () => void }) {
  const create = useCreatePlaylist();
  const navigate = useNavigate();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (name.trim() === '') {
      setError('Please give the playlist a name.');
      return;
    }
    setError(null);
    // The answer is read from the request's promise: mutate's callbacks are dropped when
    // the dialog goes away first. A new playlist opens, ready for songs and details.
    create.mutateAsync(name).then(
      (res) => {
        toast.success(`Created “${res.playlist.name}”`);
        onClose();
        navigate(playlistPath(res.playlist._id));
      },
      // 400 (empty, too long) and 409 (a name you already have) name the field; anything
      // else (an outage) is about the whole request.
      (err: unknown) => {
        const problem = fieldError(err, ['name'] as const);
        if (problem) setError(problem.message);
        else toast.error(errorMessage(err));
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title="Create playlist">
      <form className="pl-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Playlist name"
          name="name"
          required
          maxLength={MAX_NAME}
          autoComplete="off"
          placeholder="My road trip mix"
          value={name}
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
