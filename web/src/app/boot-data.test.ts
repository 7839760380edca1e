import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { recentAlbumsQuery } from '@/features/home/api/get-recent-albums';
import { queryKeys } from '@/lib/query-keys';
import { BOOT_ELEMENT_ID, resetBootDataForTests, seedBootData } from './boot-data';

function page(json: string): void {
  const el = document.createElement('script');
  el.id = BOOT_ELEMENT_ID;
  el.type = 'application/json';
  el.textContent = json;
  document.head.append(el);
}

afterEach(() => {
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
  resetBootDataForTests();
});

describe('seedBootData', () => {
  it('puts each answer of the page under its query and takes the element out', () => {
    page(
      JSON.stringify({
        '/api/auth/profile': { _id: 'u1', username: 'ana' },
        '/api/recommend/all': [{ _id: 's1' }],
        '/api/unknown': { ignored: true },
      }),
    );
    const client = new QueryClient();
    expect(seedBootData(client)).toBe(2);
    expect(client.getQueryData(queryKeys.session.profile())).toEqual({
      _id: 'u1',
      username: 'ana',
    });
    expect(client.getQueryData(queryKeys.recommend.songs())).toEqual([{ _id: 's1' }]);
    expect(document.getElementById(BOOT_ELEMENT_ID)).toBeNull();
    // A second client (React's strict double start) gets the same answers.
    const again = new QueryClient();
    expect(seedBootData(again)).toBe(2);
  });

  it("keeps the albums of Home's row, which the server sends inside an object", () => {
    page('{"/api/albums?sort=recent&limit=12":{"albums":[{"id":"a1"}]},"/api/feed":[]}');
    const client = new QueryClient();
    expect(seedBootData(client)).toBe(2);
    expect(client.getQueryData(recentAlbumsQuery().queryKey)).toEqual([{ id: 'a1' }]);
    expect(client.getQueryData(queryKeys.feed.all)).toEqual([]);
  });

  it('keeps the null user of a visitor, so the sign-in page needs no question', () => {
    page('{"/api/auth/session":{"user":null}}');
    const client = new QueryClient();
    expect(seedBootData(client)).toBe(1);
    expect(client.getQueryData(queryKeys.session.current())).toEqual({ user: null });
  });

  it('seeds nothing from a page without answers or with a broken one', () => {
    expect(seedBootData(new QueryClient())).toBe(0);
    resetBootDataForTests();
    page('{not json');
    const client = new QueryClient();
    expect(seedBootData(client)).toBe(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
