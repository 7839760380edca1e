/** A song as every call of the API returns it (docs/api.md, 'Songs and artists'). */
export interface Song {
  _id: string;
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
}

export type TranscriptState = 'none' | 'pending' | 'done' | 'failed';

/** An artist: a user with at least one song. */
export interface Artist {
  name: string;
  cover: string;
  coverSmall: string;
  /** How many songs they uploaded. */
  songs: number;
}

/** Shown wherever a song or an artist has no cover of its own. */
export const DEFAULT_COVER = '/default-cover.svg';

/** A name as people read it: hyphens become spaces ('neon-harbor' → 'neon harbor'). */
export function displayName(name: string): string {
  return name.replace(/-/g, ' ');
}

/** Seconds as m:ss, or h:mm:ss from an hour on; unknown or negative times read 0:00. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** '1 song', '12 songs': a count with its noun. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/** Whether a song matches a search term: its name or its artist contains it, any case. */
export function songMatches(song: Song, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (t === '') return true;
  return [song.song, song.artist, displayName(song.artist)].some((v) =>
    v.toLowerCase().includes(t),
  );
}

/** Where an artist's page lives. */
export function artistPath(name: string): string {
  return `/artist/${encodeURIComponent(name)}`;
}
