import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlaylistWithSongs } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';
import { deferred, json } from '@/test/deferred';
import { makeSong } from '@/test/songs';
import { providersWrapper, testQueryClient } from '@/test/utils';
import { orderAfterMove, useReorderPlaylist } from './reorder-playlist';

const playlist: PlaylistWithSongs = {
  _id: 'p1',
  id: 'p1',
  name: 'Road Trip',
  owner: 'ann',
  mine: true,
  cover: '/default-cover.svg',
  coverSmall: '/default-cover.svg',
  count: 3,
  createdAt: '2026-11-21T12:00:00Z',
  songs: ['a', 'b', 'c'].map((id) => makeSong(id)),
};

function setup(status: number) {
  const client = testQueryClient();
  client.setQueryData(queryKeys.songs.playlist('p1'), playlist);
  const answer = deferred<Response>();
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    answer.promise.then(() =>
      status === 200
        ? json(200, { message: 'success' })
        : json(status, { message: 'The new order must list every song of the playlist once.' }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const hook = renderHook(() => useReorderPlaylist('p1'), { wrapper: providersWrapper(client) });
  const order = () =>
    client.getQueryData<PlaylistWithSongs>(queryKeys.songs.playlist('p1'))?.songs.map((s) => s._id);
  return { hook, answer, fetch, order };
}

afterEach(() => vi.unstubAllGlobals());

describe('reordering a playlist', () => {
  it('moves the song on screen at once and saves the whole order', async () => {
    const { hook, answer, fetch, order } = setup(200);
    act(() =>
      hook.result.current.mutate({ from: 2, to: 0, order: orderAfterMove(playlist, 2, 0) }),
    );
    await waitFor(() => expect(order()).toEqual(['c', 'a', 'b']));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/playlist/p1/order');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ songs: ['c', 'a', 'b'] });
    answer.resolve(new Response());
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
  });

  it('puts the order back and says so when saving fails', async () => {
    const { hook, answer, order } = setup(400);
    act(() =>
      hook.result.current.mutate({ from: 0, to: 1, order: orderAfterMove(playlist, 0, 1) }),
    );
    await waitFor(() => expect(order()).toEqual(['b', 'a', 'c']));
    answer.resolve(new Response());
    await waitFor(() => expect(order()).toEqual(['a', 'b', 'c']));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'We could not save the new order. The new order must list every song of the playlist once.',
      ),
    );
  });

  it('sends two quick moves one after the other, and shows both at once', async () => {
    const client = testQueryClient();
    client.setQueryData(queryKeys.songs.playlist('p1'), playlist);
    const answers = [deferred<Response>(), deferred<Response>()];
    const bodies: unknown[] = [];
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(init?.body as string));
      return answers[bodies.length - 1]!.promise;
    });
    vi.stubGlobal('fetch', fetch);
    const hook = renderHook(() => useReorderPlaylist('p1'), { wrapper: providersWrapper(client) });
    const order = () =>
      client
        .getQueryData<PlaylistWithSongs>(queryKeys.songs.playlist('p1'))
        ?.songs.map((s) => s._id);
    const move = (from: number, to: number) =>
      act(() =>
        hook.result.current.mutate({
          from,
          to,
          order: orderAfterMove(client.getQueryData(queryKeys.songs.playlist('p1')), from, to),
        }),
      );

    move(0, 1);
    await waitFor(() => expect(order()).toEqual(['b', 'a', 'c']));
    move(2, 1);
    await waitFor(() => expect(order()).toEqual(['b', 'c', 'a']));
    // The second waits for the first: a busy server cannot take them the other way round.
    expect(bodies).toEqual([{ songs: ['b', 'a', 'c'] }]);
    answers[0]!.resolve(json(200, { message: 'success' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ songs: ['b', 'c', 'a'] });
    // Nothing reloads between the two, which would show the first order again…
    const stale = () => client.getQueryState(queryKeys.songs.playlist('p1'))?.isInvalidated;
    expect(stale()).toBe(false);
    expect(order()).toEqual(['b', 'c', 'a']);
    // …only after the last.
    answers[1]!.resolve(json(200, { message: 'success' }));
    await waitFor(() => expect(stale()).toBe(true));
  });
});
