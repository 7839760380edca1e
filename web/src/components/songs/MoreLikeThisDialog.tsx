import { useEffect, useRef } from 'react';
import { Play, Sparkles } from 'lucide-react';
import { Button, Dialog, EmptyState, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { playSongs, useCurrentSong } from '@/lib/player-store';
import { formatTime, songArtist, type Song } from '@/lib/song';
import { useShowInterest, useSimilarSongs } from './similar-songs';
import { SongCover } from './SongCover';
import './MoreLikeThis.css';

interface MoreLikeThisDialogProps {
  song: Song;
  onClose: () => void;
}

/**
 * 'More like this': songs that sound like `song`, to play from any of them.
 * Asking is a sign of interest the recommendations learn from.
 */
export function MoreLikeThisDialog({ song, onClose }: MoreLikeThisDialogProps) {
  const similar = useSimilarSongs(song._id);
  const current = useCurrentSong();
  const { mutate: interest } = useShowInterest();
  const songs = similar.data ?? [];
  const told = useRef<string | null>(null);

  useEffect(() => {
    if (told.current === song._id) return;
    told.current = song._id;
    interest(song._id);
  }, [interest, song._id]);

  function play(index: number) {
    playSongs(songs, index);
    onClose();
  }

  let body;
  if (similar.isPending) {
    body = (
      <div className="row-loader">
        <Spinner label="Finding similar songs" />
      </div>
    );
  } else if (similar.isError) {
    body = (
      <EmptyState icon={Sparkles} title="We could not find similar songs" compact>
        {errorMessage(similar.error)}
      </EmptyState>
    );
  } else if (songs.length === 0) {
    body = (
      <EmptyState icon={Sparkles} title="Nothing quite like it yet" compact>
        As more music and listeners arrive, similar songs show up here.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Button
          icon={<Play size={18} fill="currentColor" aria-hidden="true" />}
          onClick={() => play(0)}
          className="similar__play-all"
        >
          Play all
        </Button>
        <ol className="similar" aria-label={`Songs like ${song.song}`}>
          {songs.map((s, i) => (
            <li key={s._id}>
              <button
                type="button"
                className={
                  current?._id === s._id ? 'similar__row similar__row--current' : 'similar__row'
                }
                onClick={() => play(i)}
                aria-label={`Play ${s.song} by ${songArtist(s)}`}
              >
                <SongCover src={s.coverSmall} size={44} className="similar__cover" />
                <span className="similar__text">
                  <span className="similar__title">{s.song}</span>
                  <span className="similar__artist">{songArtist(s)}</span>
                </span>
                <span className="similar__time">
                  {s.duration > 0 ? formatTime(s.duration) : ''}
                </span>
                <Play size={16} fill="currentColor" aria-hidden="true" className="similar__icon" />
              </button>
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="More like this"
      description={`Songs that sound like “${song.song}” by ${songArtist(song)}.`}
      size="md"
    >
      {body}
    </Dialog>
  );
}
