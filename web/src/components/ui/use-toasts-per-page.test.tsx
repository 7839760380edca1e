import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outlet, useNavigate } from 'react-router';
import { renderRoutes } from '@/test/utils';
import { useToast } from './toast-context';
import { useToastsPerPage } from './use-toasts-per-page';

function Layout() {
  useToastsPerPage();
  return <Outlet />;
}

function OtpPage() {
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => toast.error('That code isn’t right. Check the mail and try again.')}>
        wrong
      </button>
      <button onClick={() => navigate('/change')}>right</button>
      <button onClick={() => navigate('/otp?resent=1')}>resend</button>
    </>
  );
}

function ChangePage() {
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <button
      onClick={() => {
        toast.success('Password changed');
        navigate('/login');
      }}
    >
      save
    </button>
  );
}

function renderFlow() {
  return renderRoutes(
    [
      {
        element: <Layout />,
        children: [
          { path: '/otp', element: <OtpPage /> },
          { path: '/change', element: <ChangePage /> },
          { path: '/login', element: <p>login page</p> },
        ],
      },
    ],
    '/otp',
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('toasts across pages', () => {
  it('leaves an earlier error behind and keeps the outcome of the action that navigated', async () => {
    const { router } = renderFlow();
    await userEvent.click(screen.getByRole('button', { name: 'wrong' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That code isn’t right. Check the mail and try again.',
    );

    // A change of the query alone is the same page: the toast stays.
    await userEvent.click(screen.getByRole('button', { name: 'resend' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That code isn’t right. Check the mail and try again.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'right' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/change'));
    expect(
      screen.queryByText('That code isn’t right. Check the mail and try again.'),
    ).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Password changed');
  });

  it('keeps a toast raised by a redirect nobody clicked', async () => {
    const { router } = renderFlow();
    await userEvent.click(screen.getByRole('button', { name: 'wrong' }));
    // A redirect from code (a guard, an effect): no click or key came after the toast.
    await act(() => router.navigate('/login'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That code isn’t right. Check the mail and try again.',
    );
  });
});
