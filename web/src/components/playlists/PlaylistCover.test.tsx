import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { largeCover, mosaicTiles, PlaylistCover } from './PlaylistCover';

const none = { cover: '/default-cover.svg', coverSmall: '/default-cover.svg' };
const tile = (n: string) => `/media/covers/${n}-160.jpg`;

function sources(container: HTMLElement) {
  return Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'));
}

describe('mosaicTiles', () => {
  it('always fills four corners once there are two covers', () => {
    expect(mosaicTiles([])).toEqual([]);
    expect(mosaicTiles(['a'])).toEqual(['a']);
    expect(mosaicTiles(['a', 'b'])).toEqual(['a', 'b', 'b', 'a']);
    expect(mosaicTiles(['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a']);
    expect(mosaicTiles(['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('asks for the large rendition of a small cover only', () => {
    expect(largeCover('/media/covers/k-160.jpg')).toBe('/media/covers/k-640.jpg');
    expect(largeCover('/media/covers/k-160.jpg?v=2')).toBe('/media/covers/k-640.jpg?v=2');
    expect(largeCover('/default-cover.svg')).toBe('/default-cover.svg');
  });
});

describe('PlaylistCover', () => {
  it('shows four covers two by two for a playlist without a cover', () => {
    const mosaic = ['a', 'b', 'c', 'd'].map(tile);
    const { container } = render(
      <PlaylistCover playlist={{ ...none, mosaic }} size={320} alt="Cover of Mix" />,
    );
    expect(container.querySelector('[role="img"]')).toHaveAccessibleName('Cover of Mix');
    expect(sources(container)).toEqual(mosaic);
  });

  it('gives each corner the WebP and JPEG renditions at the size of a corner', () => {
    const key = '/media/covers/0123456789abcdef01234567';
    const mosaic = [`${key}-160.jpg`, tile('b'), tile('c'), tile('d')];
    const { container } = render(<PlaylistCover playlist={{ ...none, mosaic }} size={320} />);
    const webp = container.querySelector('source[type="image/webp"]');
    expect(webp?.getAttribute('srcset')).toBe(
      `${key}-160.webp 160w, ${key}-320.webp 320w, ${key}-640.webp 640w`,
    );
    expect(webp?.getAttribute('sizes')).toBe('160px');
    const img = container.querySelector('img');
    expect(img?.getAttribute('srcset')).toBe(
      `${key}-160.jpg 160w, ${key}-320.jpg 320w, ${key}-640.jpg 640w`,
    );
  });

  it("shows a one-song playlist's cover whole, large where it is shown large", () => {
    const { container, rerender } = render(
      <PlaylistCover playlist={{ ...none, mosaic: [tile('a')] }} size={640} />,
    );
    expect(sources(container)).toEqual(['/media/covers/a-640.jpg']);
    rerender(<PlaylistCover playlist={{ ...none, mosaic: [tile('a')] }} size={48} />);
    expect(sources(container)).toEqual([tile('a')]);
  });

  it('prefers a cover of its own, and falls back to the default cover', () => {
    const own = { cover: '/media/covers/own-640.jpg', coverSmall: '/media/covers/own-160.jpg' };
    const { container, rerender } = render(
      <PlaylistCover playlist={{ ...own, mosaic: [] }} size={320} />,
    );
    expect(sources(container)).toEqual(['/media/covers/own-640.jpg']);
    rerender(<PlaylistCover playlist={{ ...none, mosaic: [] }} size={320} />);
    expect(sources(container)).toEqual(['/default-cover.svg']);
    rerender(<PlaylistCover playlist={none} size={320} />);
    expect(sources(container)).toEqual(['/default-cover.svg']);
  });
});
