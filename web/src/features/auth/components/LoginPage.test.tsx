import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { mockApi, renderRoutes, testQueryClient } from '@/test/utils';
import { LoginPage } from './LoginPage';

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: <p>home</p> },
      { path: '/share', element: <p>shared item</p> },
    ],
    path,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('logs in and goes to /home', async () => {
    const calls = mockApi({
      'POST /api/auth/login': { status: 200, body: { message: 'success' } },
    });
    const { router } = renderLogin();
    await userEvent.type(screen.getByLabelText('Username or email'), 'ada_l');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'ada_l',
      password: 'secret1',
    });
  });

  it("shows the server's message beside the field it names", async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 401,
        body: { message: 'Wrong username or password', field: 'password' },
      },
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username or email'), 'ada_l');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Wrong username or password'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement();
    // Typing again takes the mark away.
    await userEvent.type(password, 'x');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('shows a refusal about no field as a toast', async () => {
    mockApi({
      'POST /api/auth/login': { status: 429, body: { message: 'Too many login attempts.' } },
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username or email'), 'ada_l');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many login attempts.');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('marks an empty field before calling the server', async () => {
    const calls = mockApi({});
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username or email'), 'ada_l');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Please enter your username and password',
    );
    expect(screen.getByLabelText('Username or email')).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('turns a Google error code into its sentence and drops it from the URL', async () => {
    mockApi({});
    const { router } = renderLogin('/login?error=google_expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Google sign-in took too long. Please try again.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('never shows text from the URL for an unknown code', async () => {
    mockApi({});
    renderLogin('/login?error=You+were+hacked');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in with Google failed. Please try again.',
    );
    expect(screen.queryByText(/hacked/)).not.toBeInTheDocument();
  });

  it('comes back to a shared link after logging in, and keeps it on the other links', async () => {
    mockApi({
      'GET /api/auth/google/setup': { status: 200, body: { configured: true } },
      'POST /api/auth/login': { status: 200, body: { message: 'success' } },
    });
    const next = encodeURIComponent('/share?id=s1&type=song');
    const { router } = renderLogin(`/login?next=${next}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/?next=${next}`,
    );
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      `/api/auth/google?next=${next}`,
    );
    await userEvent.type(screen.getByLabelText('Username or email'), 'ada_l');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/share'));
    expect(router.state.location.search).toBe('?id=s1&type=song');
  });

  it('offers Google only where it is set up', async () => {
    mockApi({ 'GET /api/auth/google/setup': { status: 200, body: { configured: false } } });
    const queryClient = testQueryClient();
    renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login', queryClient);
    // The answer is in before looking: hidden because Google is off, not because it is loading.
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.googleSetup())?.status).toBe('success'),
    );
    expect(screen.queryByRole('link', { name: /Google/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('goes to /home instead of another site', async () => {
    mockApi({
      'GET /api/auth/google/setup': { status: 200, body: { configured: true } },
      'POST /api/auth/login': { status: 200, body: { message: 'success' } },
    });
    const { router } = renderLogin(`/login?next=${encodeURIComponent('//evil.example/x')}`);
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
    await userEvent.type(screen.getByLabelText('Username or email'), 'ada_l');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
