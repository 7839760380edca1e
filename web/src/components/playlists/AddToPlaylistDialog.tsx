import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Plus, Search } from 'lucide-react';
import { Button, Dialog, Spinner, TextField, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/format';
import type { Playlist } from '@/lib/playlist';
import type { Song } from '@/lib/song';
import { useAddSongsToPlaylist, useAddToPlaylist, type AddedSongs } from './add-to-playlist';
import { useCreatePlaylist } from './create-playlist';
import { usePlaylists } from './get-playlists';
import { PlaylistCover } from './PlaylistCover';
import './playlists.css';

interface AddToPlaylistDialogProps {
  song: Song;
  /**
   * Adds all of these instead of `song` alone (an album's songs, in order);
   * `label` then names them, e.g. the album's name.
   */
  songs?: Song[];
  label?: string;
  onClose: () => void;
}

/** The toast after adding several songs: what went in, and what was there already. */
export function addedMessage(playlist: string, { added, already }: AddedSongs): string {
  const songs = plural(added, 'song');
  if (already === 0) return `Added ${songs} to “${playlist}”`;
  if (added === 0) return `Every song is in “${playlist}” already`;
  return `Added ${songs} to “${playlist}” (${already} already there)`;
}

/** Whether a list has a playlist of exactly this name (any case, ends trimmed). */
export function hasExactMatch(result: Playlist[], term: string): boolean {
  const wanted = term.trim().toLowerCase();
  return result.some((p) => p.name.trim().toLowerCase() === wanted);
}

/** Whether a playlist's name holds every word of the filter, in any case and order. */
export function matchesFilter(name: string, filter: string): boolean {
  const haystack = name.toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

/** Moves the focus between the options with the arrow keys, Home and End. */
function onListKey(e: KeyboardEvent<HTMLElement>, list: HTMLElement | null) {
  if (!list || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
  const options = Array.from(list.querySelectorAll<HTMLButtonElement>('.pl-option'));
  if (options.length === 0) return;
  e.preventDefault();
  const at = options.indexOf(document.activeElement as HTMLButtonElement);
  let next = 0;
  if (e.key === 'End') next = options.length - 1;
  else if (e.key === 'ArrowDown') next = at < 0 ? 0 : Math.min(options.length - 1, at + 1);
  else if (e.key === 'ArrowUp') next = at <= 0 ? -1 : at - 1;
  if (next < 0) list.closest('.dialog__body')?.querySelector<HTMLInputElement>('input')?.focus();
  else options[next]?.focus();
}

/**
 * 'Add to playlist': your playlists at once, newest first, with a filter and
 * 'New playlist', which makes one (named by the filter, or by you) with the
 * song in it. A click on a playlist adds the song. ↑/↓ move between them.
 */
export function AddToPlaylistDialog({ song, songs, label, onClose }: AddToPlaylistDialogProps) {
  const toast = useToast();
  const playlists = usePlaylists();
  const add = useAddToPlaylist();
  const addMany = useAddSongsToPlaylist();
  const create = useCreatePlaylist();
  const [filter, setFilter] = useState('');
  const [naming, setNaming] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [addingTo, setAddingTo] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const isNaming = naming !== null;

  // Naming a new playlist and going back each move the focus to the field shown.
  const shownOnce = useRef(false);
  useEffect(() => {
    if (!shownOnce.current) {
      shownOnce.current = true;
      return;
    }
    (isNaming ? nameRef : filterRef).current?.focus();
  }, [isNaming]);

  const busy = addingTo !== null || create.isPending;
  const term = filter.trim();
  const all = playlists.data ?? [];
  // A smart playlist's songs come from its rules: no song is added to it by hand.
  const handMade = all.filter((p) => !(p as Playlist & { smart?: boolean }).smart);
  const shown = term === '' ? handMade : handMade.filter((p) => matchesFilter(p.name, term));
  const offerByName = term !== '' && !hasExactMatch(all, term);

  // The outcome is read from the promise, not from mutate's callbacks: those
  // are dropped when the dialog's observer goes away mid-request, and then
  // the song was added but the dialog stayed open without a word.
  function addTo(playlist: Pick<Playlist, '_id' | 'name'>) {
    setAddingTo(playlist._id);
    const done = songs
      ? addMany
          .mutateAsync({ playlistId: playlist._id, songIds: songs.map((s) => s._id) })
          .then((result) => addedMessage(playlist.name, result))
      : add
          .mutateAsync({ playlistId: playlist._id, songId: song._id })
          .then(() => `Added to “${playlist.name}”`);
    done
      .then(
        (message) => {
          toast.success(message);
          onClose();
        },
        (err: unknown) => toast.error(errorMessage(err)),
      )
      .finally(() => setAddingTo(null));
  }

  function createAndAdd(name: string) {
    create.mutateAsync(name).then(
      (res) => addTo(res.playlist),
      (err: unknown) => {
        if (naming !== null) setNameError(errorMessage(err));
        else toast.error(errorMessage(err));
      },
    );
  }

  function onNewPlaylist() {
    if (offerByName) createAndAdd(term);
    else setNaming(term);
  }

  function onName(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = (naming ?? '').trim();
    if (name === '') {
      setNameError('Give the playlist a name.');
      return;
    }
    setNameError(null);
    createAndAdd(name);
  }

  const what = songs ? 'these songs' : 'this song';

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add to playlist"
      description={
        <>
          Choose a playlist for <strong>“{label ?? song.song}”</strong>
          {songs && ` (${plural(songs.length, 'song')})`}.
        </>
      }
    >
      {naming !== null ? (
        <form className="pl-name" onSubmit={onName} noValidate>
          <TextField
            ref={nameRef}
            label="New playlist name"
            name="name"
            required
            autoComplete="off"
            maxLength={100}
            value={naming}
            error={nameError}
            onChange={(e) => setNaming(e.target.value)}
          />
          <div className="pl-name__actions">
            <Button type="button" variant="ghost" onClick={() => setNaming(null)}>
              Back
            </Button>
            <Button type="submit" loading={busy}>
              Create and add
            </Button>
          </div>
        </form>
      ) : (
        <div className="pl-picker">
          <TextField
            ref={filterRef}
            label="Filter playlists"
            type="search"
            name="filter"
            autoComplete="off"
            placeholder="Find a playlist"
            icon={<Search size={18} />}
            value={filter}
            aria-controls={listId}
            onChange={(e) => setFilter(e.target.value)}
            onKeyDown={(e) => {
              // Enter goes to the first playlist: from there Enter adds.
              if (e.key === 'Enter') {
                e.preventDefault();
                listRef.current?.querySelector<HTMLButtonElement>('.pl-option')?.focus();
              } else {
                onListKey(e, listRef.current);
              }
            }}
          />
          <div className="pl-results" ref={listRef}>
            <button
              type="button"
              className="pl-option pl-option--new"
              onClick={onNewPlaylist}
              onKeyDown={(e) => onListKey(e, listRef.current)}
              disabled={busy}
            >
              <span className="pl-option__tile" aria-hidden="true">
                {create.isPending ? <Spinner size={18} /> : <Plus size={22} />}
              </span>
              <span className="pl-option__text">
                <span className="pl-option__name">
                  {offerByName ? `New playlist “${term}”` : 'New playlist'}
                </span>
                <span className="pl-option__meta">Create it with {what}</span>
              </span>
            </button>
            {playlists.isPending && (
              <div className="pl-results__status">
                <Spinner size={22} />
                <span className="visually-hidden">Loading your playlists</span>
              </div>
            )}
            {playlists.isError && (
              <div className="pl-results__status" role="alert">
                <span>{errorMessage(playlists.error)}</span>
                <Button size="sm" variant="secondary" onClick={() => void playlists.refetch()}>
                  Try again
                </Button>
              </div>
            )}
            {playlists.isSuccess && all.length === 0 && (
              <p className="pl-results__none">You have no playlists yet: make one above.</p>
            )}
            {playlists.isSuccess && all.length > 0 && shown.length === 0 && (
              <p className="pl-results__none">No playlists match “{term}”.</p>
            )}
            <ul className="pl-results__list" aria-label="Your playlists" id={listId}>
              {shown.map((p) => (
                <li key={p._id}>
                  <button
                    type="button"
                    className="pl-option"
                    onClick={() => addTo(p)}
                    onKeyDown={(e) => onListKey(e, listRef.current)}
                    disabled={busy}
                    aria-label={p.name}
                    aria-describedby={`${listId}-${p._id}`}
                  >
                    <PlaylistCover playlist={p} size={48} className="pl-option__cover" />
                    <span className="pl-option__text">
                      <span className="pl-option__name">{p.name}</span>
                      <span className="pl-option__meta" id={`${listId}-${p._id}`}>
                        {plural(p.count, 'song')}
                      </span>
                    </span>
                    {addingTo === p._id ? (
                      <Spinner size={18} />
                    ) : (
                      <Plus size={18} aria-hidden="true" className="pl-option__add" />
                    )}
                  </button>
                </li>
              ))}
            </ul>
            <p className="visually-hidden" aria-live="polite">
              {playlists.isSuccess && term !== ''
                ? `${plural(shown.length, 'playlist')} found`
                : ''}
            </p>
          </div>
        </div>
      )}
    </Dialog>
  );
}
