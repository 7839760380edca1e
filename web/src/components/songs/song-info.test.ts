import { describe, expect, it } from 'vitest';
import type { SongFeatures } from '@/lib/song';
import { makeSong } from '@/test/songs';
import {
  camelot,
  detailRows,
  energyWord,
  formatAdded,
  formatBitrate,
  formatBpm,
  formatChannels,
  formatFormat,
  formatSampleRate,
  formatStream,
  formatLoudness,
  formatTrack,
  percent,
  soundMeters,
} from './song-info';

const features: SongFeatures = {
  bpm: 127.6,
  key: 'A minor',
  tonic: 9,
  mode: 'minor',
  keyConfidence: 0.37,
  energy: 0.554,
  brightness: 0.32,
  percussiveness: 0.371,
  acousticness: 0.35,
  instrumentalness: 1.2,
  version: 1,
};

describe('song info formatting', () => {
  it('rounds the tempo to whole beats and dashes a song without a pulse', () => {
    expect(formatBpm(127.6)).toBe('128');
    expect(formatBpm(100)).toBe('100');
    expect(formatBpm(0)).toBe('—');
    expect(formatBpm(Number.NaN)).toBe('—');
  });

  it('reads scores as whole percentages between 0 and 100', () => {
    expect(percent(0.554)).toBe(55);
    expect(percent(0.555)).toBe(56);
    expect(percent(0)).toBe(0);
    expect(percent(1.2)).toBe(100);
    expect(percent(-0.1)).toBe(0);
    expect(percent(Number.NaN)).toBe(0);
  });

  it('names energy in words', () => {
    expect([0.1, 0.3, 0.6, 0.9].map(energyWord)).toEqual(['Calm', 'Relaxed', 'Lively', 'Intense']);
  });

  it('places keys on the Camelot wheel', () => {
    const key = (tonic: number, mode: 'major' | 'minor') => camelot({ key: 'x', tonic, mode });
    expect(key(9, 'minor')).toBe('8A'); // A minor
    expect(key(0, 'major')).toBe('8B'); // C major
    expect(key(7, 'major')).toBe('9B'); // G major
    expect(key(5, 'major')).toBe('7B'); // F major
    expect(key(4, 'minor')).toBe('9A'); // E minor
    expect(key(8, 'minor')).toBe('1A'); // G♯ minor
    expect(key(11, 'major')).toBe('1B'); // B major
    expect(camelot({ key: '', tonic: 9, mode: 'minor' })).toBeNull();
  });

  it('gives the other scores as meters, in order', () => {
    expect(soundMeters(features)).toEqual([
      { label: 'Brightness', value: 32 },
      { label: 'Percussive', value: 37 },
      { label: 'Acoustic', value: 35 },
      { label: 'Instrumental', value: 100 },
    ]);
  });

  it('writes track and disc, format, loudness and the date added', () => {
    expect(formatTrack(3, 2)).toBe('3 · Disc 2');
    expect(formatTrack(3, 0)).toBe('3');
    expect(formatTrack(0, 1)).toBeNull();
    expect(formatTrack(undefined, undefined)).toBeNull();
    expect(formatFormat('flac')).toBe('FLAC');
    expect(formatFormat('')).toBeNull();
    expect(formatLoudness(-9.84)).toBe('−9.8 LUFS');
    expect(formatLoudness(null)).toBeNull();
    expect(formatAdded('2026-11-21T12:00:00Z')).toBe('Nov 21, 2026');
    expect(formatAdded('not a date')).toBeNull();
  });

  it('writes the stream as players do: format, sample rate, bit depth, bitrate, channels', () => {
    expect(formatStream({ format: 'flac', sampleRate: 44100, bitDepth: 16 })).toBe(
      'FLAC · 44.1 kHz · 16-bit',
    );
    expect(formatStream({ format: 'mp3', sampleRate: 48000, bitDepth: 0 })).toBe('MP3 · 48 kHz');
    expect(formatStream({ format: 'ogg' })).toBe('OGG');
    expect(formatStream({ format: '', sampleRate: 44100 })).toBeNull();
    expect(formatSampleRate(22050)).toBe('22.1 kHz');
    expect(formatSampleRate(0)).toBeNull();
    expect(formatBitrate(192000)).toBe('192 kbps');
    expect(formatBitrate(1411200)).toBe('1,411 kbps');
    expect(formatBitrate(undefined)).toBeNull();
    expect([1, 2, 6, 0].map(formatChannels)).toEqual(['Mono', 'Stereo', '6 channels', null]);
  });

  it('lists the facts a file has and leaves out what its tags do not say', () => {
    const tagged = makeSong('a', {
      duration: 201.4,
      track: 4,
      disc: 1,
      year: 2024,
      format: 'mp3',
      loudness: -11.26,
      count: 1204,
      bitrate: 192000,
      sampleRate: 44100,
      channels: 2,
      bpm: 122,
    });
    expect(detailRows(tagged, { bpm: true })).toEqual([
      { label: 'Length', value: '3:21' },
      { label: 'Track', value: '4 · Disc 1' },
      { label: 'Year', value: '2024' },
      { label: 'Format', value: 'MP3 · 44.1 kHz' },
      { label: 'Bitrate', value: '192 kbps' },
      { label: 'Channels', value: 'Stereo' },
      { label: 'BPM', value: '122' },
      { label: 'Loudness', value: '−11.3 LUFS' },
      { label: 'Plays', value: '1,204', title: '1,204 plays' },
      { label: 'Added', value: 'Nov 21, 2026' },
    ]);
    const bare = makeSong('b', { duration: 0, format: '', count: 1, createdAt: '' });
    expect(detailRows(bare, { bpm: true })).toEqual([
      { label: 'Plays', value: '1', title: '1 play' },
    ]);
    // Once measured, the tempo leads the Sound section instead.
    expect(detailRows(tagged).map((r) => r.label)).not.toContain('BPM');
  });
});
