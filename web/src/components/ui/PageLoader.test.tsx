import { act, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes, testQueryClient } from '@/test/utils';
import { PageLoader } from './Spinner';

afterEach(() => onlineManager.setOnline(true));

/** A query that waits: offline, the query library holds it until the network is back. */
function startWaiting(client: ReturnType<typeof testQueryClient>, data?: string) {
  if (data !== undefined) client.setQueryData(['page'], data);
  void client.fetchQuery({ queryKey: ['page'], queryFn: () => 'fresh', staleTime: 0 });
}

describe('PageLoader', () => {
  it('spins while a page loads online', () => {
    renderRoutes([{ path: '/', element: <PageLoader /> }], '/');
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('This page isn’t available offline')).toBeNull();
  });

  it('offline, with nothing kept for the page, says so and leads to the downloads', async () => {
    onlineManager.setOnline(false);
    const client = testQueryClient();
    renderRoutes([{ path: '/', element: <PageLoader /> }], '/', client);
    act(() => startWaiting(client));
    expect(await screen.findByText('This page isn’t available offline')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your downloads' })).toHaveAttribute(
      'href',
      '/downloads',
    );
  });

  it('offline, a query with something kept does not count', () => {
    onlineManager.setOnline(false);
    const client = testQueryClient();
    renderRoutes([{ path: '/', element: <PageLoader /> }], '/', client);
    act(() => startWaiting(client, 'kept'));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('This page isn’t available offline')).toBeNull();
  });
});
