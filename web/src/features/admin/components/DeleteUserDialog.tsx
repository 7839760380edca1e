import { useState } from 'react';
import { Button, Dialog, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import type { AdminUser } from '../api/types';

/** Deletes an account after asking what happens to its uploads. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const toast = useToast();
  const del = useDeleteUser();
  const [songs, setSongs] = useState<'keep' | 'delete'>('keep');

  function confirm() {
    del.mutate(
      { id: user._id, songs },
      {
        onSuccess: () => {
          toast.success(`${user.username}'s account was deleted.`);
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Delete ${user.username}?`}
      description="Their account, playlists, likes and follows are deleted. This cannot be undone."
    >
      <fieldset className="admin-choice">
        <legend>
          Their uploads ({user.songs} {user.songs === 1 ? 'song' : 'songs'})
        </legend>
        <label className="admin-choice__option">
          <input
            type="radio"
            name="songs"
            value="keep"
            checked={songs === 'keep'}
            onChange={() => setSongs('keep')}
          />
          <span>
            <strong>Keep their songs</strong>
            <small>They move to the library and stay in everyone's playlists and likes.</small>
          </span>
        </label>
        <label className="admin-choice__option">
          <input
            type="radio"
            name="songs"
            value="delete"
            checked={songs === 'delete'}
            onChange={() => setSongs('delete')}
          />
          <span>
            <strong>Delete their songs</strong>
            <small>The songs and their files are removed for everyone.</small>
          </span>
        </label>
      </fieldset>
      <div className="admin-dialog__actions">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} loading={del.isPending}>
          Delete account
        </Button>
      </div>
    </Dialog>
  );
}
