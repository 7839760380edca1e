import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '@/test/utils';
import { finishSignup, pendingSignupPassword } from '../hooks/signup-flow';
import { RegisterPage } from './RegisterPage';

function renderRegister(path = '/') {
  return renderRoutes(
    [
      { path: '/', element: <RegisterPage /> },
      { path: '/otp1', element: <p>code page</p> },
    ],
    path,
  );
}

async function submit() {
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  finishSignup();
});

describe('RegisterPage', () => {
  it('shows every field’s problem at once, without calling the server', async () => {
    const calls = mockApi({});
    renderRegister();
    const field = (label: string) => screen.getByLabelText(label);
    const terms = () => field('I agree to the Terms and Conditions');

    await submit();
    expect(field('Email')).toHaveAccessibleDescription('Please enter your email');
    expect(field('Password')).toHaveAccessibleDescription('Please choose a password');
    expect(field('Confirm password')).toHaveAccessibleDescription(
      'Please type your password again',
    );
    expect(field('Username')).toHaveAccessibleDescription(
      expect.stringContaining('Please choose a username'),
    );
    expect(terms()).toHaveAccessibleDescription('Please accept the Terms and Conditions');
    expect(field('Email')).toHaveFocus();

    await userEvent.type(field('Email'), 'not-an-email');
    await userEvent.type(field('Password'), 'abc');
    await userEvent.type(field('Confirm password'), 'abd');
    await userEvent.type(field('Username'), 'no spaces');
    await userEvent.click(terms());
    await submit();
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field('Password')).toHaveAccessibleDescription(
      'Your password needs at least 6 characters',
    );
    expect(field('Confirm password')).toHaveAccessibleDescription('The passwords don’t match');
    expect(field('Username')).toHaveAccessibleDescription(
      expect.stringContaining('Username must be 3 to 32 letters, digits, _ or -'),
    );
    expect(terms()).not.toHaveAttribute('aria-invalid');

    // Fixing a field clears its message and leaves the others.
    await userEvent.clear(field('Email'));
    await userEvent.type(field('Email'), 'ada@example.com');
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    // No toast for what a field can say.
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement();

    // Only the sign-up mode is read (GET); nothing is sent.
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('shows every field the server refused beside it', async () => {
    mockApi({
      'POST /api/auth/cheak': {
        status: 400,
        body: {
          message: 'Please enter a valid email address',
          field: 'email',
          fields: {
            email: 'Please enter a valid email address',
            username: 'This username is already taken',
          },
        },
      },
    });
    renderRegister();
    const field = (label: string) => screen.getByLabelText(label);
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.type(field('Password'), 'secret1');
    await userEvent.type(field('Confirm password'), 'secret1');
    await userEvent.type(field('Username'), 'ada_l');
    await userEvent.click(field('I agree to the Terms and Conditions'));
    await submit();
    await waitFor(() =>
      expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address'),
    );
    expect(field('Username')).toHaveAccessibleDescription(
      expect.stringContaining('This username is already taken'),
    );
  });

  it('sends the registration and keeps only username and email in storage', async () => {
    const calls = mockApi({
      'POST /api/auth/cheak': { status: 200, body: { okay: 123, message: 'We sent a code.' } },
    });
    const { router } = renderRegister();
    await userEvent.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Username'), 'ada_l');
    await userEvent.click(screen.getByLabelText('I agree to the Terms and Conditions'));
    await submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/otp1'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      method: 'POST',
      url: '/api/auth/cheak',
      body: { username: 'ada_l', email: 'ada@example.com', password: 'secret1' },
    });
    const stored = window.sessionStorage.getItem('musicify.signup') ?? '';
    expect(JSON.parse(stored)).toMatchObject({ username: 'ada_l', email: 'ada@example.com' });
    expect(stored).not.toContain('secret1');
    expect(pendingSignupPassword()).toBe('secret1');
  });

  it('sends the invitation of an invitation link, and says sign-up is by invitation', async () => {
    const calls = mockApi({
      'GET /api/auth/signup-mode': { status: 200, body: { mode: 'invite' } },
      'GET /api/auth/google/setup': { status: 200, body: { configured: true } },
      'POST /api/auth/cheak': { status: 200, body: { okay: 123, message: 'We sent a code.' } },
    });
    const { router } = renderRoutes(
      [
        { path: '/register', element: <RegisterPage /> },
        { path: '/otp1', element: <p>code page</p> },
      ],
      '/register?invite=tok-123',
    );
    expect(await screen.findByText('You are invited')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Google/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Username'), 'ada_l');
    await userEvent.click(screen.getByLabelText('I agree to the Terms and Conditions'));
    await submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/otp1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ invite: 'tok-123' });
    expect(JSON.parse(window.sessionStorage.getItem('musicify.signup') ?? '')).toMatchObject({
      invite: 'tok-123',
    });
  });

  it('hides the form when sign-up is closed', async () => {
    mockApi({ 'GET /api/auth/signup-mode': { status: 200, body: { mode: 'closed' } } });
    renderRegister();
    expect(await screen.findByText('Sign-up is closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the check fails", async () => {
    mockApi({
      'POST /api/auth/cheak': {
        status: 409,
        body: { message: 'This username is already taken', field: 'username' },
      },
    });
    const { router } = renderRegister();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Username'), 'ada_l');
    await userEvent.click(screen.getByLabelText('I agree to the Terms and Conditions'));
    await submit();

    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
        expect.stringContaining('This username is already taken'),
      ),
    );
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/');
    expect(window.sessionStorage.getItem('musicify.signup')).toBeNull();
  });

  it('carries a shared link on to the code page, the login link and Google', async () => {
    mockApi({
      'GET /api/auth/google/setup': { status: 200, body: { configured: true } },
      'POST /api/auth/cheak': { status: 200, body: { okay: 123, message: 'We sent a code.' } },
    });
    const next = encodeURIComponent('/share?id=s1&type=song');
    const { router } = renderRegister(`/?next=${next}`);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?next=${next}`,
    );
    expect(await screen.findByRole('link', { name: 'Sign up with Google' })).toHaveAttribute(
      'href',
      `/api/auth/google?next=${next}`,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Username'), 'ada_l');
    await userEvent.click(screen.getByLabelText('I agree to the Terms and Conditions'));
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp1'));
    expect(router.state.location.search).toBe(`?next=${next}`);
  });
});
