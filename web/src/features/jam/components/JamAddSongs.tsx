import { useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, useToast } from '@/components/ui';
import { api, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { playable, songArtist, type Song } from '@/lib/song';
import { useAddToJam } from '../api/jams';

/** Finds songs by their words and adds them to the Jam's queue. */
export function JamAddSongs({ jamId }: { jamId: string }) {
  const [words, setWords] = useState('');
  const q = useDebouncedValue(words.trim(), 250);
  const found = useQuery({
    // The search view's key: the same answer of /api/search, cached once.
    queryKey: queryKeys.songs.search(q),
    queryFn: ({ signal }) =>
      api<{ songs: Song[] }>(`/api/search?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q !== '',
  });
  const add = useAddToJam(jamId);
  const toast = useToast();
  const id = useId();
  const songs = playable(found.data?.songs ?? []).slice(0, 6);

  return (
    <div className="jam-add">
      <label htmlFor={id} className="jam-add__field">
        <Search size={18} aria-hidden="true" />
        <input
          id={id}
          type="search"
          placeholder="Add songs to the Jam"
          aria-label="Add songs to the Jam"
          value={words}
          onChange={(e) => setWords(e.target.value)}
          autoComplete="off"
        />
      </label>
      {q !== '' && (
        <ul className="jam-add__results" aria-label="Songs to add">
          {found.isPending && <li className="jam-add__note">Searching…</li>}
          {found.isSuccess && songs.length === 0 && (
            <li className="jam-add__note">No songs match “{q}”.</li>
          )}
          {songs.map((s) => (
            <li key={s._id} className="jam-add__row">
              <img src={s.coverSmall} alt="" width={40} height={40} />
              <span className="jam-add__text">
                <span className="jam-add__title">{s.song}</span>
                <span className="jam-add__artist">{songArtist(s)}</span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                icon={<Plus size={16} aria-hidden="true" />}
                aria-label={`Add ${s.song} to the Jam`}
                onClick={() =>
                  add.mutate(
                    { songs: [s._id] },
                    {
                      onSuccess: () => toast.success(`Added “${s.song}”`),
                      onError: (err) => toast.error(errorMessage(err)),
                    },
                  )
                }
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
