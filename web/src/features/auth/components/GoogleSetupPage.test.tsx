import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '@/test/utils';
import { GoogleSetupPage } from './GoogleSetupPage';

function renderPage() {
  return renderRoutes([{ path: '/google', element: <GoogleSetupPage /> }], '/google');
}

afterEach(() => vi.unstubAllGlobals());

describe('GoogleSetupPage', () => {
  it('tells a visitor to use email, naming no setting', async () => {
    mockApi({ 'GET /api/auth/google/setup': { status: 200, body: { configured: false } } });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Sign-in with Google is not set up' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(document.body).not.toHaveTextContent('MUSICIFY_');
  });

  it('shows an admin the settings and the redirect address', async () => {
    mockApi({
      'GET /api/auth/google/setup': {
        status: 200,
        body: {
          configured: false,
          variables: ['MUSICIFY_OIDC_ISSUER', 'MUSICIFY_OIDC_CLIENT_ID'],
          callback: 'https://music.example/api/auth/google/callback',
        },
      },
    });
    renderPage();
    const howTo = await screen.findByRole('region', { name: 'For admins: turn it on' });
    expect(howTo).toHaveTextContent('MUSICIFY_OIDC_ISSUER');
    expect(howTo).toHaveTextContent('MUSICIFY_OIDC_CLIENT_ID');
    expect(howTo).toHaveTextContent('https://music.example/api/auth/google/callback');
  });
});
