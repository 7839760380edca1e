import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '@/test/utils';
import { finishSignup, startSignup } from '../hooks/signup-flow';
import { SignupCodePage } from './SignupCodePage';

function renderCodePage(path = '/otp1') {
  return renderRoutes(
    [
      { path: '/', element: <p>registration</p> },
      { path: '/otp1', element: <SignupCodePage /> },
      { path: '/home', element: <p>home</p> },
      { path: '/share', element: <p>shared item</p> },
    ],
    path,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  finishSignup();
});

describe('SignupCodePage', () => {
  it('sends the visitor to / when no sign-up is waiting', async () => {
    mockApi({});
    const { router } = renderCodePage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows the server's message for a wrong code and stays", async () => {
    startSignup({ username: 'ada_l', email: 'ada@example.com', password: 'secret1' });
    mockApi({
      'POST /api/auth/signup': {
        status: 400,
        body: { message: 'That code isn’t right. Check the mail and try again.', field: 'otp' },
      },
    });
    const { router } = renderCodePage();
    const code = screen.getByLabelText('Sign-up code');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'That code isn’t right. Check the mail and try again.',
      ),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/otp1');
  });

  it('after a refresh, signs up from storage without the password and lands on /home', async () => {
    startSignup({ username: 'ada_l', email: 'ada@example.com', password: 'secret1' });
    const stored = window.sessionStorage.getItem('musicify.signup');
    finishSignup(); // a reload forgets what was in memory…
    window.sessionStorage.setItem('musicify.signup', stored ?? ''); // …but keeps the tab's storage
    const calls = mockApi({
      'POST /api/auth/signup': { status: 200, body: { message: 'success' } },
    });
    const { router } = renderCodePage();

    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Sign-up code'), '12 34 56');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls[0]?.body).toEqual({ username: 'ada_l', email: 'ada@example.com', otp: '123456' });
    expect(window.sessionStorage.getItem('musicify.signup')).toBeNull();
  });

  it('after signing up, opens the shared link the visitor came from', async () => {
    startSignup({ username: 'ada_l', email: 'ada@example.com', password: 'secret1' });
    mockApi({ 'POST /api/auth/signup': { status: 200, body: { message: 'success' } } });
    const next = encodeURIComponent('/share?id=p1&type=playlist');
    const { router } = renderCodePage(`/otp1?next=${next}`);
    expect(screen.getByRole('link', { name: /Back to sign-up/ })).toHaveAttribute(
      'href',
      `/?next=${next}`,
    );
    await userEvent.type(screen.getByLabelText('Sign-up code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/share'));
    expect(router.state.location.search).toBe('?id=p1&type=playlist');
  });
});
