import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from './keys';
import { enqueueWrite, flushQueue, isQueueable, readQueue } from './write-queue';

afterEach(() => window.localStorage.clear());

describe('isQueueable', () => {
  it.each([
    ['POST', '/api/view/increase'],
    ['POST', '/api/like/add'],
    ['DELETE', '/api/like/s1'],
    ['PUT', '/api/playlist/add'],
    ['PUT', '/api/playlist/p1/order'],
    ['DELETE', '/api/playlist/p1/songs/s1'],
  ])('keeps %s %s for later', (method, path) => {
    expect(isQueueable(method, path)).toBe(true);
  });

  it.each([
    ['POST', '/api/upload'],
    ['POST', '/api/playlist/create'],
    ['DELETE', '/api/playlist/p1'],
    ['POST', '/api/auth/logout'],
    ['GET', '/api/like/all'],
  ])('lets %s %s fail offline', (method, path) => {
    expect(isQueueable(method, path)).toBe(false);
  });
});

describe('flushQueue', () => {
  it('sends the writes in order with their bodies, and empties the queue', async () => {
    enqueueWrite('ada', { method: 'POST', path: '/api/like/add', body: { song: 's1' } });
    enqueueWrite('ada', { method: 'DELETE', path: '/api/like/s1' });
    enqueueWrite('ada', { method: 'POST', path: '/api/view/increase', body: { song: 's2' } });
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    await expect(flushQueue('ada', fetch)).resolves.toBe(3);
    const sent = fetch.mock.calls.map((c) => {
      const [path, init] = c as unknown as [string, RequestInit];
      return [init.method, path, init.body];
    });
    expect(sent).toEqual([
      ['POST', '/api/like/add', '{"song":"s1"}'],
      ['DELETE', '/api/like/s1', undefined],
      ['POST', '/api/view/increase', expect.stringMatching(/^\{"song":"s2","at":\d+\}$/)],
    ]);
    expect(readQueue('ada')).toEqual([]);
  });

  it('stamps a listen with when it was played', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    enqueueWrite('ada', { method: 'POST', path: '/api/view/increase', body: { song: 's1' } });
    enqueueWrite('ada', { method: 'POST', path: '/api/like/add', body: { song: 's1' } });
    vi.restoreAllMocks();
    expect(readQueue('ada').map((w) => w.body)).toEqual([
      { song: 's1', at: 1_700_000_000_000 },
      { song: 's1' },
    ]);
  });

  it('sends each write with an id of its own, the same on every try', async () => {
    enqueueWrite('ada', { method: 'POST', path: '/api/like/add', body: { song: 's1' } });
    enqueueWrite('ada', { method: 'POST', path: '/api/view/increase', body: { song: 's1' } });
    const keys = (f: ReturnType<typeof vi.fn>) =>
      f.mock.calls.map((c) => {
        const [, init] = c as unknown as [string, RequestInit];
        return (init.headers as Record<string, string>)['Idempotency-Key'];
      });
    const busy = vi.fn(async () => new Response('{}', { status: 503 }));
    await expect(flushQueue('ada', busy)).resolves.toBe(0);
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    await expect(flushQueue('ada', fetch)).resolves.toBe(2);
    const [first, second] = keys(fetch);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect(keys(busy)).toEqual([first]);
  });

  it('leaves the writes another tab queued meanwhile, and sends a write once per tab', async () => {
    enqueueWrite('ada', { method: 'POST', path: '/api/like/add', body: { song: 's1' } });
    enqueueWrite('ada', { method: 'POST', path: '/api/like/add', body: { song: 's2' } });
    const first = readQueue('ada')[0]!;
    // Another tab sent the first write and dropped it while this one was sending it.
    const fetch = vi.fn(async () => {
      window.localStorage.setItem(
        storageKeys.queue('ada'),
        JSON.stringify(readQueue('ada').filter((w) => w.id !== first.id)),
      );
      return new Response('{}', { status: 200 });
    });
    await flushQueue('ada', fetch);
    expect(fetch.mock.calls.map((c) => (c as unknown as [string, RequestInit])[1].body)).toEqual([
      '{"song":"s1"}',
      '{"song":"s2"}',
    ]);
    expect(readQueue('ada')).toEqual([]);
  });

  it('stops at a network failure or a 5xx and keeps the rest, in order', async () => {
    enqueueWrite('ada', { method: 'POST', path: '/api/like/add', body: { song: 's1' } });
    enqueueWrite('ada', { method: 'POST', path: '/api/like/add', body: { song: 's2' } });
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(flushQueue('ada', down)).resolves.toBe(0);
    expect(readQueue('ada')).toHaveLength(2);

    const busy = vi
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 200 }))
      .mockResolvedValueOnce(new Response('{}', { status: 503 }));
    await expect(flushQueue('ada', busy)).resolves.toBe(1);
    expect(readQueue('ada').map((w) => w.body)).toEqual([{ song: 's2' }]);

    const limited = vi.fn().mockResolvedValueOnce(new Response('{}', { status: 429 }));
    await expect(flushQueue('ada', limited)).resolves.toBe(0);
    expect(readQueue('ada').map((w) => w.body)).toEqual([{ song: 's2' }]);
  });

  it('drops a write the server refuses for good (a 4xx), and goes on', async () => {
    enqueueWrite('ada', {
      method: 'PUT',
      path: '/api/playlist/add',
      body: { id: 'p', songs: 's' },
    });
    enqueueWrite('ada', { method: 'POST', path: '/api/view/increase', body: { song: 's' } });
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 409 }))
      .mockResolvedValueOnce(new Response('{}', { status: 200 }));
    await expect(flushQueue('ada', fetch)).resolves.toBe(2);
    expect(readQueue('ada')).toEqual([]);
  });

  it("keeps each user's queue apart", async () => {
    enqueueWrite('ada', { method: 'POST', path: '/api/like/add', body: { song: 's1' } });
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    await expect(flushQueue('bob', fetch)).resolves.toBe(0);
    expect(fetch).not.toHaveBeenCalled();
    expect(readQueue('ada')).toHaveLength(1);
  });
});
