import { useId, useState, type FormEvent } from 'react';
import { ListMusic, Plus, Search } from 'lucide-react';
import { SongCover } from '@/components/songs/SongCover';
import { Button, Dialog, Spinner, TextField, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { plural, type Song } from '@/lib/song';
import { useAddSongsToPlaylist, useAddToPlaylist, type AddedSongs } from './add-to-playlist';
import { useCreatePlaylist } from './create-playlist';
import { useSearchPlaylists } from './search-playlists';
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

/** Whether a search found a playlist of exactly this name (any case, ends trimmed). */
export function hasExactMatch(result: Playlist[], term: string): boolean {
  const wanted = term.trim().toLowerCase();
  return result.some((p) => p.name.trim().toLowerCase() === wanted);
}

/**
 * 'Add to playlist': search your playlists by name, then a click on one adds
 * the song. When nothing matches exactly, a new playlist of that name can be
 * made with the song in it.
 */
export function AddToPlaylistDialog({ song, songs, label, onClose }: AddToPlaylistDialogProps) {
  const toast = useToast();
  const search = useSearchPlaylists();
  const add = useAddToPlaylist();
  const addMany = useAddSongsToPlaylist();
  const create = useCreatePlaylist();
  const [term, setTerm] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The term the results belong to. */
  const [searched, setSearched] = useState<string | null>(null);
  const [addingTo, setAddingTo] = useState<string | null>(null);
  const resultsId = useId();

  const busy = addingTo !== null || create.isPending;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = term.trim();
    if (name === '') {
      setError('Type a playlist name to search for.');
      return;
    }
    setError(null);
    search.mutate(name, {
      onSuccess: () => setSearched(name),
      onError: (err) => setError(errorMessage(err)),
    });
  }

  function addTo(playlist: Pick<Playlist, '_id' | 'name'>) {
    setAddingTo(playlist._id);
    if (songs) {
      addMany.mutate(
        { playlistId: playlist._id, songIds: songs.map((s) => s._id) },
        {
          onSuccess: (result) => {
            toast.success(addedMessage(playlist.name, result));
            onClose();
          },
          onError: (err) => toast.error(errorMessage(err)),
          onSettled: () => setAddingTo(null),
        },
      );
      return;
    }
    add.mutate(
      { playlistId: playlist._id, songId: song._id },
      {
        onSuccess: () => {
          toast.success(`Added to “${playlist.name}”`);
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err)),
        onSettled: () => setAddingTo(null),
      },
    );
  }

  function createAndAdd(name: string) {
    create.mutate(name, {
      onSuccess: (res) => addTo(res.playlist),
      onError: (err) => toast.error(errorMessage(err)),
    });
  }

  const result = search.data?.result ?? [];
  const showResults = searched !== null && search.isSuccess;

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
      <form className="pl-search" onSubmit={onSubmit} noValidate role="search">
        <TextField
          label="Search playlists"
          name="name"
          required
          autoComplete="off"
          placeholder="Playlist name"
          icon={<Search size={18} />}
          value={term}
          error={error}
          onChange={(e) => setTerm(e.target.value)}
        />
        <Button type="submit" loading={search.isPending} className="pl-search__submit">
          Search
        </Button>
      </form>

      {showResults && (
        <div className="pl-results" aria-live="polite">
          {result.length === 0 ? (
            <p className="pl-results__none">No playlists match “{searched}”.</p>
          ) : (
            <ul className="pl-results__list" aria-label="Playlists found" id={resultsId}>
              {result.map((p) => (
                <li key={p._id}>
                  <button
                    type="button"
                    className="pl-option"
                    onClick={() => addTo(p)}
                    disabled={busy}
                    aria-label={p.name}
                    aria-describedby={`${resultsId}-${p._id}`}
                  >
                    <SongCover src={p.coverSmall} size={44} className="pl-option__cover" />
                    <span className="pl-option__text">
                      <span className="pl-option__name">{p.name}</span>
                      <span className="pl-option__meta" id={`${resultsId}-${p._id}`}>
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
          )}
          {!hasExactMatch(result, searched) && (
            <button
              type="button"
              className="pl-option pl-option--new"
              onClick={() => createAndAdd(searched)}
              disabled={busy}
            >
              <span className="pl-option__tile" aria-hidden="true">
                {create.isPending ? <Spinner size={18} /> : <ListMusic size={20} />}
              </span>
              <span className="pl-option__text">
                <span className="pl-option__name">New playlist “{searched}”</span>
                <span className="pl-option__meta">
                  {songs ? 'Create it with these songs' : 'Create it with this song'}
                </span>
              </span>
            </button>
          )}
        </div>
      )}
    </Dialog>
  );
}
