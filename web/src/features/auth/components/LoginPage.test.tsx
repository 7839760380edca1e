import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '@/test/utils';
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
    expect(calls[0]?.body).toEqual({ username: 'ada_l', password: 'secret1' });
  });

  it("shows the server's message when the login fails", async () => {
    mockApi({
      'POST /api/auth/login': { status: 401, body: { message: 'Wrong username or password' } },
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username or email'), 'ada_l');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
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
    mockApi({ 'POST /api/auth/login': { status: 200, body: { message: 'success' } } });
    const next = encodeURIComponent('/share?id=s1&type=song');
    const { router } = renderLogin(`/login?next=${next}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/?next=${next}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      `/api/auth/google?next=${next}`,
    );
    await userEvent.type(screen.getByLabelText('Username or email'), 'ada_l');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/share'));
    expect(router.state.location.search).toBe('?id=s1&type=song');
  });

  it('goes to /home instead of another site', async () => {
    mockApi({ 'POST /api/auth/login': { status: 200, body: { message: 'success' } } });
    const { router } = renderLogin(`/login?next=${encodeURIComponent('//evil.example/x')}`);
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
    await userEvent.type(screen.getByLabelText('Username or email'), 'ada_l');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
