import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { id3Title, nameFromFileName, readTitle } from './read-title';

/** A file of the project's fixtures, as the browser's File would hand it over. */
function file(name: string): Blob {
  const buf = readFileSync(join(__dirname, '../../../../testdata/audio', name));
  const blob = (start: number, end: number) =>
    ({
      size: end - start,
      slice: (a = 0, b = end - start) => blob(start + a, Math.min(end, start + b)),
      arrayBuffer: async () => Uint8Array.from(buf.subarray(start, end)).buffer,
    }) as unknown as Blob;
  return blob(0, buf.length);
}

/** An ID3v2 tag holding one TIT2 frame of `body` (its encoding byte first). */
function id3(version: 3 | 4, body: number[]): Uint8Array {
  const size = body.length;
  const frameSize =
    version === 4
      ? [(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]
      : [size >>> 24, (size >> 16) & 0xff, (size >> 8) & 0xff, size & 0xff];
  const frame = [...'TIT2'].map((c) => c.charCodeAt(0)).concat(frameSize, [0, 0], body);
  const n = frame.length + 20; // with padding after the frame
  return Uint8Array.from([
    ...[...'ID3'].map((c) => c.charCodeAt(0)),
    version,
    0,
    0,
    (n >> 21) & 0x7f,
    (n >> 14) & 0x7f,
    (n >> 7) & 0x7f,
    n & 0x7f,
    ...frame,
    ...new Array<number>(20).fill(0),
  ]);
}

describe('readTitle', () => {
  it.each([
    ['tagged.mp3', 'Tide'],
    ['album-track1.mp3', 'Harbor Lights'],
    ['tagged.flac', 'Café Tide (flac)'],
    ['tagged.ogg', 'Café Tide (ogg)'],
    ['tagged.opus', 'Café Tide (opus)'],
    ['tagged.m4a', 'Café Tide (m4a)'],
  ])('reads the title of %s', async (name, title) => {
    expect(await readTitle(file(name))).toBe(title);
  });

  it.each(['sine.mp3', 'sine.flac', 'sine.wav', 'text.mp3'])(
    'is null for %s, which has no title',
    async (name) => {
      expect(await readTitle(file(name))).toBeNull();
    },
  );
});

describe('id3Title', () => {
  it('reads each text encoding of v2.3 and v2.4', () => {
    const latin1 = [0, ...[...'Caf\u00e9'].map((c) => c.charCodeAt(0))];
    expect(id3Title(id3(3, latin1))).toBe('Café');
    const utf16 = [1, 0xff, 0xfe, ...[...'Tide'].flatMap((c) => [c.charCodeAt(0), 0])];
    expect(id3Title(id3(3, utf16))).toBe('Tide');
    const utf8 = [3, ...new TextEncoder().encode('Tīde ✓'), 0, ...new TextEncoder().encode('x')];
    expect(id3Title(id3(4, utf8))).toBe('Tīde ✓');
  });

  it('is null for what is not an ID3v2.3 or v2.4 tag', () => {
    expect(id3Title(new TextEncoder().encode('RIFF....WAVE'))).toBeNull();
    const v2 = id3(3, [0, 65]);
    v2[3] = 2;
    expect(id3Title(v2)).toBeNull();
  });
});

describe('nameFromFileName', () => {
  it('drops the extension and a leading track number, and reads underscores as spaces', () => {
    expect(nameFromFileName('03 - Slow_Tide.mp3')).toBe('Slow Tide');
    expect(nameFromFileName('1. Intro.flac')).toBe('Intro');
    expect(nameFromFileName('Song 2.ogg')).toBe('Song 2');
    expect(nameFromFileName('take5')).toBe('take5');
  });
});
