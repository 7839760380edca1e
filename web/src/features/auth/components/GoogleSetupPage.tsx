import { ArrowLeft, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { AnchorButton, Button, ButtonLink, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useGoogleSetup, type GoogleSetup } from '../api/get-google-setup';
import { AuthHeader } from './AuthHeader';
import './auth-form.css';

/**
 * `/google`, where 'Sign in with Google' leads on a server without it: a
 * visitor is told to use email; an admin also learns how to turn it on.
 */
export function GoogleSetupPage() {
  const setup = useGoogleSetup();

  if (setup.isPending) {
    return (
      <div className="auth-form__loading">
        <Spinner size={28} />
      </div>
    );
  }
  if (setup.isError) {
    return (
      <>
        <AuthHeader title="Sign-in with Google">{errorMessage(setup.error)}</AuthHeader>
        <div className="auth-form__actions">
          <Button size="lg" block onClick={() => void setup.refetch()}>
            Try again
          </Button>
          <ButtonLink to="/login" variant="secondary" size="lg" block>
            Back to sign in
          </ButtonLink>
        </div>
      </>
    );
  }
  if (setup.data.configured) {
    return (
      <>
        <AuthHeader title="Sign-in with Google is ready">
          Continue to Google to sign in to Musicify.
        </AuthHeader>
        <div className="auth-form__actions">
          <AnchorButton href="/api/auth/google" size="lg" block>
            Continue with Google
          </AnchorButton>
        </div>
        <BackToSignIn />
      </>
    );
  }
  return (
    <>
      <AuthHeader title="Sign-in with Google is not set up">
        This server doesn&apos;t offer Google sign-in yet. You can sign in or create an account with
        your email instead — it only takes a minute.
      </AuthHeader>
      {setup.data.variables && <AdminHowTo setup={setup.data} />}
      <div className="auth-form__actions">
        <ButtonLink to="/login" size="lg" block>
          Back to sign in
        </ButtonLink>
        <ButtonLink to="/" variant="secondary" size="lg" block>
          Create an account with email
        </ButtonLink>
      </div>
    </>
  );
}

/** For an admin only: the settings that turn Google sign-in on. */
function AdminHowTo({ setup }: { setup: GoogleSetup }) {
  return (
    <section className="auth-notice auth-admin" aria-labelledby="google-admin-title">
      <p id="google-admin-title" className="auth-notice__title">
        <Settings2 size={16} aria-hidden="true" /> For admins: turn it on
      </p>
      <p>
        Create an OAuth client at your identity provider (for Google:{' '}
        <code>https://accounts.google.com</code>), then set these and restart Musicify:
      </p>
      <ul className="auth-admin__vars">
        {setup.variables?.map((v) => (
          <li key={v}>
            <code>{v}</code>
          </li>
        ))}
      </ul>
      {setup.callback && (
        <p>
          Its authorised redirect address: <code>{setup.callback}</code>
        </p>
      )}
    </section>
  );
}

function BackToSignIn() {
  return (
    <p className="auth-form__switch">
      <Link to="/login">
        <ArrowLeft size={14} aria-hidden="true" /> Back to sign in
      </Link>
    </p>
  );
}
