import { useState, type FormEvent } from 'react';
import { useCreatePlaylist } from '@/components/playlists';
import { Button, Dialog, TextField, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';

/** The server's limit on a playlist's name. */
export const MAX_NAME = 100;

/** 'Create': a playlist name (spaces kept as typed) and the Create button. */
export function CreatePlaylistDialog({ onClose }: { onClose: () => void }) {
  const create = useCreatePlaylist();
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
    create.mutate(name, {
      onSuccess: (res) => {
        toast.success(`Created “${res.playlist.name}”`);
        onClose();
      },
      // 400 (empty, too long) and 409 (a name you already have) name the field; anything
      // else (an outage) is about the whole request.
      onError: (err) => {
        const problem = fieldError(err, ['name'] as const);
        if (problem) setError(problem.message);
        else toast.error(errorMessage(err));
      },
    });
  }

  return (
    <Dialog open onClose={onClose} title="Create playlist">
      <form className="pl-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Playlist Name"
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
