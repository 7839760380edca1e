import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreQuerySnapshot, saveQuerySnapshot, writeOwner } from './query-snapshot';

function clientWith(entries: [unknown[], unknown][]): QueryClient {
  const client = new QueryClient();
  for (const [key, data] of entries) client.setQueryData(key, data);
  return client;
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

afterEach(() => window.localStorage.clear());

describe('query snapshots', () => {
  it('opened offline, restores what the browser’s owner saw, without the live parts', () => {
    const seen = clientWith([
      [['session', 'profile'], { _id: 'ada', username: 'ada' }],
      [['songs', 'playlist', 'p1'], [{ _id: 'p1', songs: [] }]],
      [['radio', 'list'], ['station']],
    ]);
    saveQuerySnapshot(seen, 'ada');
    writeOwner('ada');

    setOnline(false);
    const fresh = new QueryClient();
    expect(restoreQuerySnapshot(fresh)).toBe(true);
    expect(fresh.getQueryData(['session', 'profile'])).toEqual({ _id: 'ada', username: 'ada' });
    expect(fresh.getQueryData(['songs', 'playlist', 'p1'])).toEqual([{ _id: 'p1', songs: [] }]);
    expect(fresh.getQueryData(['radio', 'list'])).toBeUndefined();
  });

  it('restores nothing online: the server answers as before', () => {
    saveQuerySnapshot(clientWith([[['session', 'profile'], { _id: 'ada' }]]), 'ada');
    writeOwner('ada');
    setOnline(true);
    const fresh = new QueryClient();
    expect(restoreQuerySnapshot(fresh)).toBe(false);
    expect(fresh.getQueryData(['session', 'profile'])).toBeUndefined();
  });

  it("restores nothing once the owner logged out, even with another user's snapshot left", () => {
    saveQuerySnapshot(clientWith([[['session', 'profile'], { _id: 'bob' }]]), 'bob');
    writeOwner(null);
    setOnline(false);
    const fresh = new QueryClient();
    expect(restoreQuerySnapshot(fresh)).toBe(false);
  });
});

describe('saving snapshots', () => {
  it('keeps the pages of earlier visits and replaces what was seen again', () => {
    saveQuerySnapshot(clientWith([[['songs', 'playlist', 'p1'], ['first visit']]]), 'ada');
    saveQuerySnapshot(
      clientWith([
        [['songs', 'album', 'a1'], ['an album']],
        [['songs', 'playlist', 'p1'], ['seen again']],
      ]),
      'ada',
    );
    writeOwner('ada');
    setOnline(false);
    const fresh = new QueryClient();
    restoreQuerySnapshot(fresh);
    expect(fresh.getQueryData(['songs', 'playlist', 'p1'])).toEqual(['seen again']);
    expect(fresh.getQueryData(['songs', 'album', 'a1'])).toEqual(['an album']);
  });
});
