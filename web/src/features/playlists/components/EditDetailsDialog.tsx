import { useId, useState, type FormEvent } from 'react';
import { Button, Dialog, TextField, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { useUpdatePlaylist } from '../api/update-playlist';
import { MAX_NAME } from './CreatePlaylistDialog';

/** The server's limit on a playlist's description, in characters. */
export const MAX_DESCRIPTION = 300;

/** Characters as the server counts them (code points, so an emoji is one). */
const length = (s: string) => [...s].length;

/** 'Edit details': the owner renames a playlist and writes what it is about. */
export function EditDetailsDialog({
  playlist,
  onClose,
}: {
  playlist: Playlist;
  onClose: () => void;
}) {
  const update = useUpdatePlaylist();
  const toast = useToast();
  const [name, setName] = useState(playlist.name);
  const [description, setDescription] = useState(playlist.description ?? '');
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const descriptionId = useId();
  const used = length(description.trim());
  const over = used > MAX_DESCRIPTION;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (name.trim() === '') {
      setErrors({ name: 'Please give the playlist a name.' });
      return;
    }
    if (over) {
      setErrors({
        description: `The description is too long: at most ${MAX_DESCRIPTION} characters.`,
      });
      return;
    }
    setErrors({});
    update.mutate(
      { id: playlist._id, name, description },
      {
        onSuccess: () => {
          toast.success('Playlist details saved');
          onClose();
        },
        // 400 and 409 name the field they are about; anything else is about the request.
        onError: (err) => {
          const problem = fieldError(err, ['name', 'description'] as const);
          if (problem) setErrors({ [problem.field]: problem.message });
          else toast.error(errorMessage(err));
        },
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title="Edit details">
      <form className="pl-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Name"
          name="name"
          required
          maxLength={MAX_NAME}
          autoComplete="off"
          value={name}
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
        />
        <div className="field">
          <div className="field__label-row">
            <label className="field__label" htmlFor={descriptionId}>
              Description
            </label>
            <span
              id={`${descriptionId}-count`}
              className={over ? 'pl-count pl-count--over' : 'pl-count'}
              aria-live="polite"
            >
              {used}/{MAX_DESCRIPTION}
            </span>
          </div>
          <textarea
            id={descriptionId}
            name="description"
            className="field__input pl-description-input"
            rows={4}
            placeholder="Add an optional description"
            value={description}
            aria-invalid={errors.description || over ? true : undefined}
            aria-describedby={
              `${descriptionId}-count` + (errors.description ? ` ${descriptionId}-error` : '')
            }
            onChange={(e) => {
              setDescription(e.target.value);
              setErrors((x) => ({ ...x, description: undefined }));
            }}
          />
          {errors.description && (
            <p id={`${descriptionId}-error`} className="field__error">
              {errors.description}
            </p>
          )}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
