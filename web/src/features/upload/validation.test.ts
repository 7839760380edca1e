import { describe, expect, it } from 'vitest';
import { formatSize, MAX_UPLOAD_BYTES, validateUpload } from './validation';

const MB = 1024 * 1024;

/** A stand-in for a file of any size, without allocating it. */
function file(name: string, size: number, type = 'audio/mpeg'): File {
  return { name, size, type } as File;
}

const ok = { name: 'Night Drive', audio: file('night.mp3', 4 * MB), cover: null, text: '' };

describe('upload form validation', () => {
  it('accepts a name and an audio file, with or without a cover and lyrics', () => {
    expect(validateUpload(ok)).toEqual({});
    expect(
      validateUpload({ ...ok, cover: file('c.png', MB, 'image/png'), text: 'la la la' }),
    ).toEqual({});
  });

  it('needs a song name', () => {
    expect(validateUpload({ ...ok, name: '' }).name).toBe('Please give the song a name.');
    expect(validateUpload({ ...ok, name: '   ' }).name).toBe('Please give the song a name.');
    expect(validateUpload({ ...ok, name: 'x'.repeat(201) }).name).toBe(
      'The song name can be at most 200 characters.',
    );
    expect(validateUpload({ ...ok, name: 'x'.repeat(200) }).name).toBeUndefined();
  });

  it('needs an audio file that is not empty', () => {
    expect(validateUpload({ ...ok, audio: null }).audio).toBe('Please choose an audio file.');
    expect(validateUpload({ ...ok, audio: file('empty.mp3', 0) }).audio).toBe(
      'This file is empty. Please choose another one.',
    );
  });

  it('refuses files over the 200 MB limit with a clear message', () => {
    expect(MAX_UPLOAD_BYTES).toBe(200 * MB);
    expect(validateUpload({ ...ok, audio: file('big.wav', 200 * MB) })).toEqual({});
    expect(validateUpload({ ...ok, audio: file('big.wav', 250 * MB) }).audio).toBe(
      'This file is 250 MB. Songs can be at most 200 MB.',
    );
    expect(
      validateUpload({
        ...ok,
        audio: file('big.wav', 199 * MB),
        cover: file('c.png', 2 * MB, 'image/png'),
      }).cover,
    ).toBe('With this cover the upload comes to 201 MB, over the 200 MB limit.');
  });

  it('limits the lyrics to 100,000 characters', () => {
    expect(validateUpload({ ...ok, text: 'a'.repeat(100_001) }).text).toBe(
      'Lyrics can be at most 100,000 characters.',
    );
  });

  it('reports every problem at once', () => {
    expect(Object.keys(validateUpload({ name: '', audio: null, cover: null, text: '' }))).toEqual([
      'name',
      'audio',
    ]);
  });

  it('writes sizes as people read them', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(96_592)).toBe('94 KB');
    expect(formatSize(1.5 * MB)).toBe('1.5 MB');
    expect(formatSize(250 * MB)).toBe('250 MB');
  });
});
