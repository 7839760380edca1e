import { SongCover } from '@/components/songs/SongCover';
import { togglePlay, useCurrentSong, usePlayer } from '@/lib/player-store';
import { displayName, type Song } from '@/lib/song';
import { CardPlay } from './CardPlay';
import './cards.css';

interface SongCardProps {
  song: Song;
  /** Plays the song (usually with the cards after it as the queue). */
  onPlay: () => void;
}

/** A song as a card: cover, name and artist; a click plays it, or pauses it while it plays. */
export function SongCard({ song, onPlay }: SongCardProps) {
  const current = useCurrentSong();
  const playing = usePlayer((s) => s.playing);
  const isCurrent = current?._id === song._id;
  const artist = displayName(song.artist);
  const pauses = isCurrent && playing;
  return (
    <button
      type="button"
      className={
        isCurrent ? 'song-card song-card--current has-card-play' : 'song-card has-card-play'
      }
      onClick={isCurrent ? togglePlay : onPlay}
      aria-label={`${pauses ? 'Pause' : 'Play'} ${song.song} by ${artist}`}
      aria-current={isCurrent ? 'true' : undefined}
    >
      <span className="song-card__art">
        <SongCover src={song.cover} size={320} className="song-card__cover" />
        <CardPlay pause={pauses} shown={isCurrent} className="song-card__play" />
      </span>
      <span className="song-card__title">{song.song}</span>
      <span className="song-card__artist">{artist}</span>
    </button>
  );
}
