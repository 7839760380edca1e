import { useId, useRef, useState } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { Avatar, Button, Section, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useRemovePicture, useSetPicture } from '../api/picture';

/**
 * Settings → Profile picture: the picture beside their name everywhere and
 * on their artist page. A chosen file is sent at once; the server checks it
 * is an image and makes its sizes.
 */
export function PictureSection() {
  const { user } = useSession();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const set = useSetPicture();
  const remove = useRemovePicture();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const busy = set.isPending || remove.isPending;

  function choose(file: File) {
    setError(null);
    set.mutate(file, {
      onSuccess: () => toast.success('Your new picture is up.'),
      onError: (err) => setError(errorMessage(err)),
    });
  }

  return (
    <Section title="Profile picture">
      <div className="picture" aria-busy={busy || undefined}>
        <Avatar name={user.username} src={user.picture} size={96} />
        <div className="picture__side">
          <p id={`${id}-hint`} className="picture__hint">
            Shown beside your name and on your artist page. JPEG, PNG, WebP or GIF; square images
            look best.
          </p>
          <div className="picture__actions">
            <input
              ref={input}
              id={`${id}-file`}
              className="visually-hidden"
              type="file"
              name="cover"
              accept="image/*"
              tabIndex={-1}
              aria-label="Picture file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) choose(file);
              }}
            />
            <Button
              icon={<ImagePlus size={18} aria-hidden="true" />}
              loading={set.isPending}
              disabled={busy}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onClick={() => input.current?.click()}
            >
              {user.picture ? 'Change picture' : 'Choose a picture'}
            </Button>
            {user.picture && (
              <Button
                variant="secondary"
                icon={<Trash2 size={18} aria-hidden="true" />}
                loading={remove.isPending}
                disabled={busy}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast.success('Your picture is removed.'),
                    onError: (err) => setError(errorMessage(err)),
                  })
                }
              >
                Remove
              </Button>
            )}
          </div>
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </Section>
  );
}
