import { useRef, useState, type FormEvent } from 'react';
import { Check, Mic2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button, Section, TextField, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { artistPath } from '@/lib/song';
import { ARTIST_NAME_MAX, useArtistName, useSetArtistName } from '../api/artist-name';

/**
 * Settings → Artist name: the name the songs you upload go under, with its
 * capitals and spaces ('Neon Harbor'), while your username stays your handle.
 */
export function ArtistNameSection() {
  const { user } = useSession();
  const current = useArtistName();
  const save = useSetArtistName();
  const toast = useToast();
  // What the person typed; until they type, the saved name.
  const [draft, setDraft] = useState<string | null>(null);
  const name = draft ?? current.data ?? '';
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);

  const unchanged = name.trim() === (current.data ?? '');
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending || unchanged) return;
    if (name.trim() === '') {
      setError('Please enter your artist name.');
      ref.current?.focus();
      return;
    }
    save.mutate(name, {
      onSuccess: (saved) => {
        setDraft(null);
        toast.success(`Your songs now go under “${saved}”.`);
      },
      onError: (err) => {
        const problem = fieldError(err, ['name'] as const);
        if (!problem) {
          toast.error(errorMessage(err));
          return;
        }
        setError(problem.message);
        ref.current?.focus();
      },
    });
  }

  return (
    <Section title="Artist name">
      <div className="artistname">
        <p className="artistname__intro">
          <span className="artistname__icon" aria-hidden="true">
            <Mic2 size={20} />
          </span>
          <span>
            The songs you upload go under this name, written as you like it, capitals and all. Your
            username, <strong>@{user.username}</strong>, stays your handle.{' '}
            <Link className="artistname__link" to={artistPath(user.username)}>
              See your artist page
            </Link>
          </span>
        </p>
        <form
          className="settings-form"
          onSubmit={onSubmit}
          noValidate
          aria-busy={save.isPending || undefined}
        >
          <TextField
            ref={ref}
            className="settings-form__field"
            label="Artist name"
            name="name"
            autoComplete="off"
            maxLength={ARTIST_NAME_MAX}
            placeholder="e.g. Neon Harbor"
            value={name}
            disabled={current.isPending}
            error={error}
            onChange={(e) => {
              setDraft(e.target.value);
              if (error) setError(null);
            }}
          />
          <Button
            type="submit"
            className="settings-form__submit"
            icon={<Check size={18} aria-hidden="true" />}
            loading={save.isPending}
            disabled={current.isPending || unchanged}
          >
            Save
          </Button>
        </form>
      </div>
    </Section>
  );
}
