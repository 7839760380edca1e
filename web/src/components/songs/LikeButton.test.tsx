import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, json } from '@/test/deferred';
import { makeSong } from '@/test/songs';
import { renderRoutes } from '@/test/utils';
import { LikeButton } from './LikeButton';
import { withLike } from './likes';

const harbour = makeSong('a', { song: 'Midnight Harbour' });
const kettle = makeSong('b', { song: 'Kettle Song' });

interface Call {
  method: string;
  url: string;
}

/** A server whose liked list is `liked`, holding each like or unlike until `release`; reloads never answer. */
function server(liked: string[], writeStatus: number) {
  const calls: Call[] = [];
  const gate = deferred<void>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'GET' && url === '/api/like/all') {
        // Only the first load answers: what the hearts show later is the client's own doing.
        if (calls.filter((c) => c.method === 'GET').length > 1)
          return new Promise<Response>(() => {});
        return json(
          200,
          [harbour, kettle].filter((s) => liked.includes(s._id)),
        );
      }
      await gate.promise;
      if (writeStatus !== 200) {
        return json(writeStatus, { message: 'Something went wrong on our side.' });
      }
      return json(200, { message: 'success' });
    }),
  );
  return { calls, release: () => gate.resolve() };
}

function renderHearts() {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <ul>
            <li data-testid="a">
              <LikeButton song={harbour} />
            </li>
            <li data-testid="b">
              <LikeButton song={kettle} />
            </li>
          </ul>
        ),
      },
    ],
    '/',
  );
}

const heart = (id: string) => screen.getByTestId(id).querySelector('button') as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe('the heart', () => {
  it('shows the liked state of every song from one request', async () => {
    const { calls } = server(['b'], 200);
    renderHearts();
    await waitFor(() => expect(heart('b')).toHaveAttribute('aria-pressed', 'true'));
    expect(heart('b')).toHaveAccessibleName('Unlike Kettle Song');
    expect(heart('a')).toHaveAttribute('aria-pressed', 'false');
    expect(heart('a')).toHaveAccessibleName('Like Midnight Harbour');
    expect(calls).toEqual([{ method: 'GET', url: '/api/like/all' }]);
  });

  it('likes at once, before the server answers, and keeps it', async () => {
    const { calls, release } = server([], 200);
    renderHearts();
    await waitFor(() => expect(calls).toHaveLength(1));
    await userEvent.click(heart('a'));
    expect(heart('a')).toHaveAttribute('aria-pressed', 'true');
    expect(heart('a')).toHaveAccessibleName('Unlike Midnight Harbour');
    expect(calls).toContainEqual({ method: 'POST', url: '/api/like/add' });
    release();
    expect(await screen.findByText('Added to Liked Songs')).toBeInTheDocument();
    expect(heart('a')).toHaveAttribute('aria-pressed', 'true');
  });

  it('rolls an unlike back and says so when the server fails', async () => {
    const { calls, release } = server(['a'], 500);
    renderHearts();
    await waitFor(() => expect(heart('a')).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(heart('a'));
    expect(heart('a')).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/like/a' });
    release();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'We could not unlike “Midnight Harbour”.',
      ),
    );
    await waitFor(() => expect(heart('a')).toHaveAttribute('aria-pressed', 'true'));
  });

  it('keeps the liked list in the server order: a new like goes first', () => {
    expect(withLike([kettle], harbour, true).map((s) => s._id)).toEqual(['a', 'b']);
    expect(withLike([harbour, kettle], harbour, false).map((s) => s._id)).toEqual(['b']);
    expect(withLike(undefined, harbour, true).map((s) => s._id)).toEqual(['a']);
  });
});
