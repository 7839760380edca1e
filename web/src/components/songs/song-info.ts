import { formatCount, formatTime, plural } from '@/lib/format';
import type { Song, SongFeatures } from '@/lib/song';

/** What a value reads when the song does not say. */
export const UNKNOWN = '—';

/** '128': beats per minute, whole; '—' when no steady pulse was heard. */
export function formatBpm(bpm: number): string {
  return Number.isFinite(bpm) && bpm > 0 ? String(Math.round(bpm)) : UNKNOWN;
}

/** A score from 0 to 1 as a whole percentage, clamped: 0.554 → 55. */
export function percent(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}

/**
 * A key's number on the Camelot wheel, as DJs mix by it: 'A minor' is 8A,
 * C major 8B; neighbours on the wheel blend. Null without a key.
 */
export function camelot(features: Pick<SongFeatures, 'key' | 'tonic' | 'mode'>): string | null {
  const { key, tonic, mode } = features;
  if (key === '' || !Number.isInteger(tonic) || tonic < 0 || tonic > 11) return null;
  // A minor key sits beside its relative major, three semitones up.
  const major = mode === 'minor' ? (tonic + 3) % 12 : tonic;
  const fifths = (major * 7) % 12; // C 0, G 1, D 2 … F 11
  return `${((fifths + 7) % 12) + 1}${mode === 'minor' ? 'A' : 'B'}`;
}

/** A word for an energy score, the way people describe a song. */
export function energyWord(score: number): string {
  const p = percent(score);
  if (p < 25) return 'Calm';
  if (p < 50) return 'Relaxed';
  if (p < 75) return 'Lively';
  return 'Intense';
}

export interface SoundMeter {
  label: string;
  value: number;
}

/** The scores shown as small meters under BPM, key and energy, as whole percentages. */
export function soundMeters(f: SongFeatures): SoundMeter[] {
  return [
    { label: 'Brightness', value: percent(f.brightness) },
    { label: 'Percussive', value: percent(f.percussiveness) },
    { label: 'Acoustic', value: percent(f.acousticness) },
    { label: 'Instrumental', value: percent(f.instrumentalness) },
  ];
}

/** A track number with its disc: '3', '3 · Disc 2'; null when the tags do not number it. */
export function formatTrack(track: number | undefined, disc: number | undefined): string | null {
  if (!track || track <= 0) return null;
  return disc && disc > 0 ? `${track} · Disc ${disc}` : String(track);
}

/** 'MP3', 'FLAC'; null when unknown. */
export function formatFormat(format: string): string | null {
  const f = format.trim();
  return f === '' ? null : f.toUpperCase();
}

/** '44.1 kHz', '48 kHz'; null when unknown. */
export function formatSampleRate(hz: number | undefined): string | null {
  if (!hz || !Number.isFinite(hz) || hz <= 0) return null;
  return `${Number((hz / 1000).toFixed(1))} kHz`;
}

/**
 * The format with its stream, as audio players write it:
 * 'FLAC · 44.1 kHz · 16-bit', 'MP3 · 44.1 kHz'; null when the format is unknown.
 */
export function formatStream(
  song: Pick<Song, 'format' | 'sampleRate' | 'bitDepth'>,
): string | null {
  const format = formatFormat(song.format);
  if (format === null) return null;
  const parts = [format, formatSampleRate(song.sampleRate)];
  if (song.bitDepth && song.bitDepth > 0) parts.push(`${song.bitDepth}-bit`);
  return parts.filter((p) => p !== null).join(' · ');
}

/** '192 kbps', '1,411 kbps'; null when unknown. */
export function formatBitrate(bitsPerSecond: number | undefined): string | null {
  if (!bitsPerSecond || !Number.isFinite(bitsPerSecond) || bitsPerSecond <= 0) return null;
  return `${formatCount(Math.round(bitsPerSecond / 1000))} kbps`;
}

/** 'Mono', 'Stereo', '6 channels'; null when unknown. */
export function formatChannels(channels: number | undefined): string | null {
  if (!channels || channels <= 0) return null;
  if (channels === 1) return 'Mono';
  if (channels === 2) return 'Stereo';
  return `${channels} channels`;
}

/** '−9.8 LUFS', with a real minus; null until measured. */
export function formatLoudness(lufs: number | null): string | null {
  if (lufs === null || !Number.isFinite(lufs)) return null;
  return `${lufs.toFixed(1).replace('-', '−')} LUFS`;
}

const dates = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

/** 'Nov 21, 2026'; null for a date that does not parse. */
export function formatAdded(iso: string): string | null {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : dates.format(t);
}

export interface DetailRow {
  label: string;
  value: string;
  /** The full value for a screen reader or a tooltip, when `value` is shorter. */
  title?: string;
}

/**
 * The facts of the details list, in the order shown, leaving out what the
 * file does not say (album and genre are links, so the panel adds them).
 */
export function detailRows(song: Song, opts: { bpm?: boolean } = {}): DetailRow[] {
  const rows: DetailRow[] = [];
  const add = (label: string, value: string | null, title?: string) => {
    if (value !== null) rows.push(title ? { label, value, title } : { label, value });
  };
  add('Length', song.duration > 0 ? formatTime(song.duration) : null);
  add('Track', formatTrack(song.track, song.disc));
  add('Year', song.year && song.year > 0 ? String(song.year) : null);
  add('Format', formatStream(song));
  add('Bitrate', formatBitrate(song.bitrate));
  add('Channels', formatChannels(song.channels));
  // The measured tempo leads the Sound section; the tag's shows here until then.
  if (opts.bpm) add('BPM', song.bpm && song.bpm > 0 ? String(song.bpm) : null);
  add('Loudness', formatLoudness(song.loudness));
  add('Plays', formatCount(song.count), plural(song.count, 'play'));
  add('Added', formatAdded(song.createdAt));
  return rows;
}
