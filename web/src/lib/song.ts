/** A song as every call of the API returns it (docs/api.md, 'Songs and artists'). */
/** One artist of a song, with the id of their page. */
export interface SongArtistRef {
  id: string;
  name: string;
  /** 'artist' for a main artist, 'featured' for one it features. */
  role: 'artist' | 'featured';
}

export interface Song {
  _id: string;
  /**
   * The song's main and featured artists ("A feat. B": A and B), each their
   * own page; saved queues from before the field lack it.
   */
  artists?: SongArtistRef[];
  /** The song's name. */
  song: string;
  /** The uploader's username; hyphens read as spaces. */
  artist: string;
  /** Streams the song, with HTTP Range. */
  audio: string;
  /** The original bytes, as an attachment. */
  download: string;
  cover: string;
  coverSmall: string;
  /** Listens counted so far. */
  count: number;
  /** Seconds; 0 when the file does not say. */
  duration: number;
  /** Container of the original: mp3, m4a, ogg, opus, flac, wav… */
  format: string;
  /** Lyrics given at upload, or the transcript once it is written. */
  text: string;
  /**
   * Where the transcript of a song uploaded without lyrics stands. Queues saved
   * before the field existed lack it: read that as 'none'.
   */
  transcript?: TranscriptState;
  /** Integrated loudness in LUFS, null until measured. */
  loudness: number | null;
  createdAt: string;
  /** Whether the caller uploaded it. */
  mine: boolean;
  /*
   * Where the song belongs. Optional: queues saved in the browser
   * before these fields existed lack them.
   */
  artistId?: string;
  /** Its album's id; a single's album is named after the song. */
  albumId?: string;
  /** The album tag; '' for a single. */
  album?: string;
  /** Track and disc numbers, 0 when the tags do not say. */
  track?: number;
  disc?: number;
  year?: number;
  genre?: string;
  /** The uploader's username; '' for a song imported from the library folder. */
  uploader?: string;
  /** The library file is gone: it stays in playlists and likes but cannot be played. */
  missing?: boolean;
  /*
   * The original's audio stream, 0 when unknown: bits per second, Hz, bits
   * per sample (lossless files only) and channels. Optional like the above.
   */
  bitrate?: number;
  sampleRate?: number;
  bitDepth?: number;
  channels?: number;
  /** The file's BPM tag, else the measured tempo; 0 when neither is known. */
  bpm?: number;
  /**
   * What listening to the song once told: only GET /api/songs/{id} sends it,
   * and it is null until the song's analysis ran.
   */
  features?: SongFeatures | null;
}

/** A song's measured sound (docs/api.md, GET /api/songs/{id}); scores run from 0 to 1. */
export interface SongFeatures {
  /** Beats per minute, 0 when no steady pulse was heard (and then `key` is ''). */
  bpm: number;
  /** 'A minor'; '' without a pulse. */
  key: string;
  /** The key's pitch class: 0 = C … 11 = B. */
  tonic: number;
  mode: 'major' | 'minor';
  keyConfidence: number;
  energy: number;
  brightness: number;
  percussiveness: number;
  acousticness: number;
  instrumentalness: number;
  /** The analysis that measured them. */
  version: number;
}

export type TranscriptState = 'none' | 'pending' | 'done' | 'failed';

/** An artist: an uploader, or a name from the library's tags. */
export interface Artist {
  _id?: string;
  /** With its real capitals ('Neon Harbor'); an uploader's username until they choose one. */
  name: string;
  cover: string;
  coverSmall: string;
  /** How many songs they have. */
  songs: number;
  /** How many albums they are the album artist of. */
  albums?: number;
  /** The uploader behind the artist, to follow; '' for an artist of the library's tags. */
  userId?: string;
  /** That uploader's username, for their profile; '' likewise. */
  username?: string;
}

/** Shown wherever a song or an artist has no cover of its own. */
export const DEFAULT_COVER = '/default-cover.svg';

/** A name as people read it: hyphens become spaces ('neon-harbor' → 'neon harbor'). */
export function displayName(name: string): string {
  return name.replace(/-/g, ' ');
}

/**
 * A name as people read it: an uploader's username ('neon-harbor') with its
 * hyphens as spaces; a name they chose ('Neon Harbor') or a tag
 * ('Jay-Z') exactly as written. username is '' for the library's artists and
 * undefined in data saved before it was sent.
 */
function shownName(name: string, username: string | undefined): string {
  return username === '' || (username !== undefined && name !== username)
    ? name
    : displayName(name);
}

/** A song's artist as people read it. */
export function songArtist(song: Pick<Song, 'artist' | 'uploader'>): string {
  return shownName(song.artist, song.uploader);
}

/** An artist's name as people read it. */
export function artistName(artist: Pick<Artist, 'name' | 'userId' | 'username'>): string {
  return shownName(artist.name, artist.userId === '' ? '' : artist.username);
}

/** An album artist's name as people read it. */
export function albumArtist(album: { artist: string; userId?: string; username?: string }): string {
  return shownName(album.artist, album.userId ? album.username : '');
}

/** The songs that can be played: a missing library file cannot. */
export function playable(songs: Song[]): Song[] {
  return songs.filter((s) => !s.missing);
}

// Counts and lengths read the same everywhere: the helpers live in lib/format.ts.
export { formatDuration, formatTime, plural } from './format';

/** Whether a song matches a search term: its name or its artist contains it, any case. */
export function songMatches(song: Song, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (t === '') return true;
  return [song.song, song.artist, songArtist(song)].some((v) => v.toLowerCase().includes(t));
}

/** Where an artist's page lives. */
export function artistPath(name: string): string {
  return `/artist/${encodeURIComponent(name)}`;
}

/**
 * Where a song's artist's page lives: an upload's by its uploader's name,
 * an imported song's by its artist's id, since a tagged "A feat. B" names
 * no one artist.
 */
export function songArtistPath(song: Pick<Song, 'artist' | 'artistId' | 'uploader'>): string {
  return song.uploader === '' && song.artistId
    ? artistPath(song.artistId)
    : artistPath(song.artist);
}

/** Where an album's page lives. */
export function albumPath(id: string): string {
  return `/album/${encodeURIComponent(id)}`;
}

/** Where a genre's page lives. */
export function genrePath(name: string): string {
  return `/genre/${encodeURIComponent(name)}`;
}
