import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '@/test/utils';
import { finishReset, rememberResetCode, startReset } from '../hooks/reset-flow';
import { ChangePasswordPage } from './ChangePasswordPage';

function renderChange() {
  return renderRoutes(
    [
      { path: '/forget', element: <p>forgot</p> },
      { path: '/otp', element: <p>code page</p> },
      { path: '/change', element: <ChangePasswordPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    '/change',
  );
}

async function fill(password: string, confirm: string) {
  await userEvent.clear(screen.getByLabelText('Password'));
  await userEvent.clear(screen.getByLabelText('Confirm password'));
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  finishReset();
});

describe('ChangePasswordPage', () => {
  it('validates length first, then the confirmation, before calling the server', async () => {
    startReset('ada@example.com');
    rememberResetCode('123456');
    const calls = mockApi({});
    renderChange();

    await fill('abc', 'xyz');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Your password needs at least 6 characters',
    );
    await fill('abcdef', 'abcdeg');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The passwords don’t match',
    );
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it('changes the password with email and code, then goes to /login with a message', async () => {
    startReset('ada@example.com');
    rememberResetCode('123456');
    const calls = mockApi({ 'PUT /api/auth/changepass': { status: 200, body: { changed: true } } });
    const { router } = renderChange();

    await fill('new secret', 'new secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[0]?.body).toEqual({
      email: 'ada@example.com',
      otp: '123456',
      password: 'new secret',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password was changed. Log in with your new password.',
    );
    expect(window.sessionStorage.getItem('musicify.reset')).toBeNull();
  });

  it("shows the server's message when the change fails", async () => {
    startReset('ada@example.com');
    rememberResetCode('123456');
    mockApi({
      'PUT /api/auth/changepass': { status: 400, body: { message: 'This code has expired.' } },
    });
    renderChange();
    await fill('new secret', 'new secret');
    expect(await screen.findByText('This code has expired.')).toBeInTheDocument();
  });

  it('asks for the code again when it is not in memory (after a refresh)', async () => {
    startReset('ada@example.com');
    mockApi({});
    const { router } = renderChange();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Please enter the code from the mail again.',
      ),
    );
    expect(router.state.location.pathname).toBe('/otp');
  });

  it('starts over at /forget without a reset in progress', async () => {
    mockApi({});
    const { router } = renderChange();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forget'));
  });
});
