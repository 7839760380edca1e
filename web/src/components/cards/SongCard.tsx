import { Link } from 'react-router';
import { SongCover } from '@/components/songs/SongCover';
import { togglePlay, useCurrentSong, usePlayer } from '@/lib/player-store';
import { songArtist, type Song, songArtistPath } from '@/lib/song';
import { CardPlay } from './CardPlay';
import './cards.css';

interface SongCardProps {
  song: Song;
  /** Plays the song (usually with the cards after it as the queue). */
  onPlay: () => void;
  /** Load the cover at once (the card is in view when the page opens); priority fetches it first. */
  eager?: boolean;
  priority?: boolean;
  /** A line under the artist: why the song is shown ('Because you played X'). */
  note?: string;
}

/**
 * A song as a card: cover, name and artist. A click on the cover or the name
 * plays it (or pauses it while it plays); the artist's name opens their page.
 */
export function SongCard({ song, onPlay, eager, priority, note }: SongCardProps) {
  const current = useCurrentSong();
  const playing = usePlayer((s) => s.playing);
  const isCurrent = current?._id === song._id;
  const artist = songArtist(song);
  const pauses = isCurrent && playing;
  return (
    <div
      className={
        isCurrent ? 'song-card song-card--current has-card-play' : 'song-card has-card-play'
      }
    >
      <button
        type="button"
        className="song-card__hit"
        onClick={isCurrent ? togglePlay : onPlay}
        aria-label={`${pauses ? 'Pause' : 'Play'} ${song.song} by ${artist}`}
        aria-current={isCurrent ? 'true' : undefined}
        disabled={song.missing}
      >
        <span className="song-card__art">
          <SongCover
            src={song.cover}
            size={320}
            className="song-card__cover"
            eager={eager}
            priority={priority}
          />
          <CardPlay pause={pauses} shown={isCurrent} className="song-card__play" />
        </span>
        <span className="song-card__title">{song.song}</span>
      </button>
      <Link className="song-card__artist" to={songArtistPath(song)}>
        {artist}
      </Link>
      {note && (
        <span className="song-card__note" title={note}>
          {note}
        </span>
      )}
    </div>
  );
}
