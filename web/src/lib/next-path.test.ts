import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, safeNext, withNext } from './next-path';

describe('safeNext', () => {
  it.each([
    '/share?id=abc&type=song',
    '/share?id=a%20b&type=playlist',
    '/player/abc123',
    '/home',
    '/songs#top',
  ])('keeps the local path %s', (path) => {
    expect(safeNext(path)).toBe(path);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['share?id=1'],
    ['https://evil.example/'],
    ['//evil.example/share'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['/share\n?id=1'],
    ['/sh\tare'],
    ['/ share'],
    [' /share'],
    ['/'],
    ['/login?next=/home'],
    ['/otp1'],
  ])('turns %j into /home', (raw) => {
    expect(safeNext(raw)).toBe(DEFAULT_NEXT);
  });
});

describe('withNext', () => {
  it('adds a safe next, encoded, with ? or &', () => {
    expect(withNext('/login', '/share?id=a1&type=song')).toBe(
      '/login?next=%2Fshare%3Fid%3Da1%26type%3Dsong',
    );
    expect(withNext('/api/auth/google?x=1', '/player/p1')).toBe(
      '/api/auth/google?x=1&next=%2Fplayer%2Fp1',
    );
  });

  it('leaves the path alone for no next, /home or an unsafe next', () => {
    expect(withNext('/login', null)).toBe('/login');
    expect(withNext('/login', '/home')).toBe('/login');
    expect(withNext('/login', '//evil.example')).toBe('/login');
  });
});
