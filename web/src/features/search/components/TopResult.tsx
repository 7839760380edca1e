import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Pause, Play } from 'lucide-react';
import { SongCover } from '@/components/songs/SongCover';
import { Highlight, useToast } from '@/components/ui';
import { albumQuery } from '@/lib/albums';
import { errorMessage } from '@/lib/api-client';
import { playlistPath } from '@/lib/playlist';
import { currentSong, playSongs, togglePlay, usePlayer } from '@/lib/player-store';
import {
  albumArtist,
  albumPath,
  artistName,
  artistPath,
  playable,
  plural,
  songArtist,
  type Song,
} from '@/lib/song';
import type { TopResult as Top } from '../api/search';

interface TopResultProps {
  top: Top;
  /** The songs found, which play on after a top song. */
  songs: Song[];
  term: string;
}

/** What the card shows of each kind: its name, picture, page and the line under the name. */
function describe(top: Top) {
  switch (top.type) {
    case 'song':
      return {
        name: top.song.song,
        cover: top.song.cover,
        to: top.song.albumId ? albumPath(top.song.albumId) : null,
        kind: 'Song',
        by: songArtist(top.song),
      };
    case 'artist':
      return {
        name: artistName(top.artist),
        cover: top.artist.cover,
        to: artistPath(top.artist.name),
        kind: 'Artist',
        by: plural(top.artist.songs, 'song'),
      };
    case 'album':
      return {
        name: top.album.name,
        cover: top.album.cover,
        to: albumPath(top.album._id),
        kind: 'Album',
        by: albumArtist(top.album),
      };
    case 'playlist':
      return {
        name: top.playlist.name,
        cover: top.playlist.cover,
        to: playlistPath(top.playlist._id),
        kind: 'Playlist',
        by: top.playlist.mine ? 'Yours' : `By ${top.playlist.owner}`,
      };
  }
}

/**
 * The one result that best answers the words, big: its picture, name and
 * kind. The card opens its page; a song or an album also plays from here.
 */
export function TopResult({ top, songs, term }: TopResultProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const playingId = usePlayer((s) => currentSong(s)?._id ?? null);
  const playing = usePlayer((s) => s.playing);
  const { name, cover, to, kind, by } = describe(top);
  const isCurrent = top.type === 'song' && playingId === top.song._id;

  async function play() {
    if (top.type === 'song') {
      if (isCurrent) {
        togglePlay();
        return;
      }
      // The song, then the other songs found, as a click in the list does.
      const queue = playable(songs);
      const at = queue.findIndex((s) => s._id === top.song._id);
      if (at >= 0) playSongs(queue, at);
      else playSongs([top.song], 0);
      return;
    }
    if (top.type !== 'album') return;
    setLoading(true);
    try {
      const detail = await queryClient.fetchQuery(albumQuery(top.album._id));
      playSongs(playable(detail.songs), 0);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  const canPlay = top.type === 'song' || top.type === 'album';
  const round = top.type === 'artist';
  const title = <Highlight text={name} query={term} />;
  return (
    <article className="top-result" aria-label={`Top result: ${name}`}>
      <span className="top-result__art">
        <SongCover
          src={cover}
          size={160}
          className={round ? 'top-result__cover top-result__cover--round' : 'top-result__cover'}
          eager
          priority
        />
      </span>
      <h3 className="top-result__name">
        {to ? (
          <Link className="top-result__link" to={to}>
            {title}
          </Link>
        ) : (
          title
        )}
      </h3>
      <p className="top-result__meta">
        <span className="top-result__kind">{kind}</span>
        <span className="top-result__by">{by}</span>
      </p>
      {canPlay && (
        <button
          type="button"
          className="top-result__play"
          onClick={() => void play()}
          disabled={loading}
          aria-label={isCurrent && playing ? `Pause ${name}` : `Play ${name}`}
        >
          {isCurrent && playing ? (
            <Pause size={24} fill="currentColor" aria-hidden="true" />
          ) : (
            <Play size={24} fill="currentColor" aria-hidden="true" />
          )}
        </button>
      )}
    </article>
  );
}
