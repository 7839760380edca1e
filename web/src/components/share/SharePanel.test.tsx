import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, providersWrapper, testQueryClient } from '@/test/utils';
import { SharePanel } from './SharePanel';

const view = (previews: boolean, mine: boolean) => ({
  status: 200,
  body: {
    type: 'playlist',
    _id: 'p1',
    name: 'Mix',
    by: 'ann',
    cover: '/default-cover.svg',
    mosaic: [],
    songs: 0,
    previews,
    previewSeconds: 30,
    tracks: [],
    mine,
  },
});

function renderPanel() {
  render(
    <SharePanel target={{ type: 'playlist', id: 'p1', name: 'Mix' }} onClose={() => undefined} />,
    { wrapper: providersWrapper(testQueryClient()) },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SharePanel previews', () => {
  it('lets the owner turn previews off, and shows what the server then says', async () => {
    let previews = true;
    const calls = mockApi({
      'GET /api/share/playlist/p1': () => view(previews, true),
      'PUT /api/share/playlist/p1/previews': (call) => {
        previews = (call.body as { previews: boolean }).previews;
        return { status: 200, body: { success: true, previews } };
      },
    });
    renderPanel();
    const toggle = await screen.findByRole('switch', {
      name: 'Let visitors hear 30-second previews',
    });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ previews: false });
    expect(await screen.findByText('Previews off')).toBeInTheDocument();
    expect(screen.getByText(/Listening needs an account/)).toBeInTheDocument();
  });

  it('shows others no switch, only what visitors get', async () => {
    mockApi({ 'GET /api/share/playlist/p1': view(true, false) });
    renderPanel();
    expect(
      await screen.findByText(/songs and hear 30-second previews; listening needs an account/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
