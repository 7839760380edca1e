import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { makeSong } from '@/test/songs';
import { mockApi, providersWrapper, testQueryClient } from '@/test/utils';
import { MoreLikeThisButton } from './controls';

it('keeps the song it was opened for while the player moves on', async () => {
  const calls = mockApi({
    'GET /api/recommend/song/a': { status: 200, body: [makeSong('x', { song: 'Like A' })] },
    'GET /api/recommend/song/b': { status: 200, body: [makeSong('y', { song: 'Like B' })] },
    'POST /api/recommend/create': { status: 200, body: { message: 'success' } },
  });
  const Wrapper = providersWrapper(testQueryClient());
  const a = makeSong('a', { song: 'Song A' });
  const { rerender } = render(<MoreLikeThisButton song={a} />, { wrapper: Wrapper });
  await userEvent.click(screen.getByRole('button', { name: 'More like this' }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Like A')).toBeInTheDocument();

  // The next song starts while the dialog is open.
  rerender(<MoreLikeThisButton song={makeSong('b', { song: 'Song B' })} />);
  expect(within(screen.getByRole('dialog')).getByText('Like A')).toBeInTheDocument();
  expect(screen.queryByText('Like B')).not.toBeInTheDocument();
  const interests = calls.filter((c) => c.url === '/api/recommend/create');
  expect(interests.map((c) => c.body)).toEqual([{ song: 'a' }]);
});
