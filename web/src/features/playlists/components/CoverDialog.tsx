import { useId, useState, type FormEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { SongCover } from '@/components/songs';
import { Button, Dialog, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { useFilePreview } from '@/lib/use-file-preview';
import { useSetPlaylistCover } from '../api/set-playlist-cover';

/** 'Change cover': an image (required) with its preview, sent with 'Add'. */
export function CoverDialog({ playlist, onClose }: { playlist: Playlist; onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const save = useSetPlaylistCover();
  const [preview, choose] = useFilePreview();
  const [error, setError] = useState<string | null>(null);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!preview) {
      setError('Choose an image for the cover.');
      return;
    }
    setError(null);
    save.mutate(
      { id: playlist._id, cover: preview.file },
      {
        onSuccess: () => {
          toast.success(`New cover for “${playlist.name}”`);
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Change cover"
      description={<span className="pl-form__for">{playlist.name}</span>}
    >
      <form className="pl-form" onSubmit={onSubmit} noValidate>
        <div className="pl-cover-pick">
          <label
            htmlFor={`${id}-file`}
            className={error ? 'pl-cover-tile pl-cover-tile--invalid' : 'pl-cover-tile'}
          >
            {preview ? (
              <img
                className="pl-cover-tile__img"
                src={preview.url}
                alt="Preview of the chosen cover"
              />
            ) : (
              <>
                <SongCover
                  src={playlist.cover}
                  size={320}
                  className="pl-cover-tile__img pl-cover-tile__img--current"
                />
                <span className="pl-cover-tile__hint">
                  <ImagePlus size={26} aria-hidden="true" />
                  Choose an image
                </span>
              </>
            )}
          </label>
          <div className="pl-cover-pick__side">
            <label className="field__label" htmlFor={`${id}-file`}>
              Cover image
            </label>
            <input
              id={`${id}-file`}
              className="pl-cover-pick__input"
              type="file"
              name="cover"
              accept="image/*"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) {
                  choose(file);
                  setError(null);
                }
              }}
            />
            <p id={`${id}-hint`} className="field__hint">
              {preview ? preview.file.name : 'JPEG, PNG, WebP or GIF. Square images look best.'}
            </p>
            {error && (
              <p id={`${id}-error`} className="field__error">
                {error}
              </p>
            )}
          </div>
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Add
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
