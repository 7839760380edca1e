import type { Song } from './song';

/** A mix made for the caller from what they play (GET /api/mixes). */
export interface Mix {
  id: string;
  name: string;
  description: string;
  /** The week it stays the same for ('2026-W48'); absent for mixes made afresh. */
  period?: string;
  count: number;
  /** Small covers of its first songs, up to four. */
  mosaic: string[];
}

/** A song of a mix, with why it is there when the mix says (Discover Weekly). */
export interface MixSong extends Song {
  reason?: { kind: string; text: string; songId?: string };
}

export function mixPath(id: string): string {
  return `/mix/${encodeURIComponent(id)}`;
}
