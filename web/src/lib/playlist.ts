import type { Song } from './song';

/** A playlist as every call of the API returns it (docs/api.md, 'Playlists'). */
export interface Playlist {
  _id: string;
  /** The same as _id; the original app shows it on the card. */
  id: string;
  /** Spaces are kept as typed. */
  name: string;
  /**
   * What the owner wrote about it, '' for nothing (at most 300 characters).
   * Optional: answers cached before the field existed lack it.
   */
  description?: string;
  /** The owner's username. */
  owner: string;
  /** Whether the caller owns it (and so may change it). */
  mine: boolean;
  /** '/default-cover.svg' until a cover is set. */
  cover: string;
  coverSmall: string;
  /** How many songs it holds. */
  count: number;
  createdAt: string;
  /**
   * Up to four small covers of its first songs, for a 2×2 picture while it
   * has no cover of its own; [] once it has one. Optional: answers cached
   * before the field existed lack it.
   */
  mosaic?: string[];
}

/** A playlist with its songs in order, as GET /api/playlist/{ref} returns it. */
export interface PlaylistWithSongs extends Playlist {
  songs: Song[];
}

/** Where a playlist's page lives: by id, so any listener's playlist opens. */
export function playlistPath(id: string): string {
  return `/player/${encodeURIComponent(id)}`;
}

/** Where a user's profile lives. */
export function userPath(username: string): string {
  return `/followuser?username=${encodeURIComponent(username)}`;
}
