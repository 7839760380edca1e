import { Outlet } from 'react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageReload, resetChunkReload } from '@/lib/chunk-reload';
import { renderRoutes } from '@/test/utils';
import { page, withErrorScreens } from './router';

const stale = () =>
  Promise.reject(
    new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/Gone-1.js'),
  );

function Frame() {
  return (
    <div>
      <nav>The shell</nav>
      <Outlet />
    </div>
  );
}

let broken = false;
function Flaky() {
  if (broken) throw new Error('render failed');
  return <h1>Flaky page</h1>;
}

function routes() {
  return withErrorScreens([
    {
      element: <Outlet />,
      hydrateFallbackElement: <p>Loading</p>,
      children: [
        {
          element: <Frame />,
          children: [
            { path: '/flaky', element: <Flaky /> },
            { path: '/gone', lazy: page(stale, 'Gone' as never) },
          ],
        },
      ],
    },
  ]);
}

afterEach(() => {
  resetChunkReload();
  vi.restoreAllMocks();
});

describe('route error screens', () => {
  it('shows a failing page’s error inside the frame, and Try again renders it anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    broken = true;
    renderRoutes(routes(), '/flaky');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByText('The shell')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/home');

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Flaky page' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('reloads once for a chunk gone since a deploy, then offers Reload if it is still gone', async () => {
    const run = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    const first = renderRoutes(routes(), '/gone');
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    // Waiting for the reload: no error screen flashes meanwhile.
    expect(screen.queryByText('Musicify was updated')).not.toBeInTheDocument();
    first.unmount();

    // After the reload (a fresh module), the same chunk fails again.
    resetChunkReload();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(routes(), '/gone');
    expect(await screen.findByRole('heading', { name: 'Musicify was updated' })).toBeVisible();
    expect(screen.getByText('The shell')).toBeInTheDocument();
    expect(run).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('fills the window, logo and all, when a layout fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    sessionStorage.setItem(
      'musicify.chunk-reloads',
      JSON.stringify(['http://localhost/assets/Gone-1.js']),
    );
    renderRoutes(
      withErrorScreens([
        {
          element: <Outlet />,
          hydrateFallbackElement: <p>Loading</p>,
          children: [{ path: '/', lazy: page(stale, 'Gone' as never) }],
        },
      ]),
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'Musicify was updated' })).toBeVisible();
    expect(screen.getByRole('main')).toHaveClass('route-error--full');
    expect(screen.getByRole('link', { name: 'Musicify' })).toBeInTheDocument();
  });
});
