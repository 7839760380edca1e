import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SongCover } from './SongCover';

const key = '/media/covers/9ab2c3d4e5f60718293a4b5c';

describe('SongCover', () => {
  it('offers WebP with a JPEG fallback at every width', () => {
    const { container } = render(<SongCover src={`${key}-640.jpg`} size={320} />);
    const source = container.querySelector('picture > source');
    const img = container.querySelector('picture > img')!;
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute(
      'srcset',
      `${key}-160.webp 160w, ${key}-320.webp 320w, ${key}-640.webp 640w`,
    );
    expect(source).toHaveAttribute('sizes', '(max-width: 640px) 42vw, 200px');
    expect(img).toHaveAttribute('src', `${key}-640.jpg`);
    expect(img).toHaveAttribute(
      'srcset',
      `${key}-160.jpg 160w, ${key}-320.jpg 320w, ${key}-640.jpg 640w`,
    );
    expect(img).toHaveAttribute('sizes', '(max-width: 640px) 42vw, 200px');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('sizes a list thumbnail at its own width', () => {
    const { container } = render(<SongCover src={`${key}-160.jpg`} size={44} />);
    expect(container.querySelector('source')).toHaveAttribute('sizes', '44px');
    expect(container.querySelector('img')).toHaveAttribute('sizes', '44px');
  });

  it('loads the first covers at once, and the largest first of all', () => {
    const { container, rerender } = render(<SongCover src={`${key}-640.jpg`} size={320} eager />);
    const img = () => container.querySelector('img')!;
    expect(img()).toHaveAttribute('loading', 'eager');
    expect(img()).not.toHaveAttribute('fetchpriority');
    rerender(<SongCover src={`${key}-640.jpg`} size={320} priority />);
    expect(img()).toHaveAttribute('loading', 'eager');
    expect(img()).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the default cover as a plain image, and on a broken one', () => {
    const { container, rerender } = render(<SongCover src={null} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/default-cover.svg');

    rerender(<SongCover src={`${key}-640.jpg`} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/default-cover.svg');
  });
});
