import { describe, expect, it } from 'vitest';
import { coverSizes, coverSrcSet } from './covers';

describe('coverSrcSet', () => {
  const key = '/media/covers/9ab2c3d4e5f60718293a4b5c';

  it.each([`${key}-640.jpg`, `${key}-160.jpg`, `${key}-320.jpg`])(
    'lists every width of %s',
    (url) => {
      expect(coverSrcSet(url, 'webp')).toBe(
        `${key}-160.webp 160w, ${key}-320.webp 320w, ${key}-640.webp 640w`,
      );
      expect(coverSrcSet(url, 'jpg')).toBe(
        `${key}-160.jpg 160w, ${key}-320.jpg 320w, ${key}-640.jpg 640w`,
      );
    },
  );

  it('keeps an absolute origin', () => {
    expect(coverSrcSet(`https://music.example${key}-640.jpg`, 'jpg')).toContain(
      `https://music.example${key}-320.jpg 320w`,
    );
  });

  it.each([
    '/default-cover.svg',
    'blob:http://localhost/5f1e',
    `${key}-640.png`,
    '/media/covers/not-a-key-640.jpg',
    `${key}-1024.jpg`,
  ])('leaves %s alone', (url) => {
    expect(coverSrcSet(url, 'webp')).toBeNull();
  });
});

describe('coverSizes', () => {
  it('gives thumbnails their own size and cards and heroes a share of the screen', () => {
    expect(coverSizes(44)).toBe('44px');
    expect(coverSizes(320)).toBe('(max-width: 640px) 42vw, 200px');
    expect(coverSizes(640)).toBe('(max-width: 640px) 70vw, 260px');
  });
});
