import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '@/app/providers';
import { SessionContext, type CurrentUser } from '@/lib/session';

export interface MockCall {
  method: string;
  url: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown };
type Handler = Reply | ((call: MockCall) => Reply);

/**
 * Replaces fetch with canned answers keyed by 'METHOD /path'. Unknown calls
 * fail the test loudly. Returns the list of calls made.
 */
export function mockApi(handlers: Record<string, Handler>): MockCall[] {
  const calls: MockCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input.toString();
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method, url, body };
      calls.push(call);
      const handler = handlers[`${method} ${url.split('?')[0]}`];
      if (!handler) throw new Error(`unexpected call ${method} ${url}`);
      const reply = typeof handler === 'function' ? handler(call) : handler;
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders routes in a memory router with the app's providers, starting at `path`. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  queryClient: QueryClient = testQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...utils };
}

/** A wrapper with the app's providers, for renderHook. */
export function providersWrapper(queryClient: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <Providers queryClient={queryClient}>{children}</Providers>;
  };
}

export const testUser: CurrentUser = { _id: 'u1', username: 'ann', email: 'ann@example.com' };

/** Puts `children` inside the signed-in area, as `user`. */
export function InSession({
  children,
  user = testUser,
}: {
  children: ReactNode;
  user?: CurrentUser;
}) {
  return (
    <SessionContext.Provider value={{ user, signOut: () => undefined, signingOut: false }}>
      {children}
    </SessionContext.Provider>
  );
}
