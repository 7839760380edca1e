import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, safeNext, withNext } from './next-path';

describe('safeNext', () => {
  it.each([
    '/share?id=abc&type=song',
    '/share?id=a%20b&type=playlist',
    '/player/abc123',
    '/home',
    '/songs#top',
    '/album/a1',
    '/artist/Nina%20Simone',
    '/followuser?username=a%20b',
    '/search?q=caf%C3%A9',
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
    ['///evil.example'],
    ['/%2F/evil.example'],
    ['/%2f%2fevil.example'],
    ['/%5Cevil.example'],
    ['/%09/evil.example'],
    ['/%0a/evil'],
    ['/\u0085/evil.example'],
    ['/\u00a0/evil.example'],
    ['/\u2028/evil.example'],
    ['/%E0%A4%A'],
    ['http:/evil.example'],
    ['data:text/html,x'],
    ['JavaScript:alert(1)'],
    ['/javascript:alert(1)\n'],
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
