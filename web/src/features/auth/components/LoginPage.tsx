import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, TextField, useFieldErrors, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { safeNext, withNext } from '@/lib/next-path';
import { useLogin } from '../api/login';
import { SUCCESS } from '../api/types';
import { messages } from '../validation';
import { AuthHeader } from './AuthHeader';
import { GoogleButton } from './GoogleButton';
import './auth-form.css';

/** What the server means by /login?error=CODE after a failed Google sign-in. */
export const googleErrors: Record<string, string> = {
  google_unavailable: 'Sign-in with Google is not available right now.',
  google_expired: 'The Google sign-in took too long. Please try again.',
  google_cancelled: 'Sign-in with Google was cancelled.',
  google_unverified: 'Your Google account has no verified email.',
  google_failed: 'Sign-in with Google failed. Please try again.',
  google_disabled: "This account has been disabled. Please contact the server's administrator.",
  google_signup_closed: 'Sign-up is closed on this server. Ask its administrator for an account.',
  google_signup_invite:
    'Sign-up on this server is by invitation: open your invitation link and register there, then sign in.',
};

/**
 * What /login?notice=CODE says after a step that signed the person out on
 * purpose; like the errors, only known codes become sentences.
 */
export const loginNotices: Record<string, string> = {
  account_deleted: 'Your account is deleted, with everything you uploaded. Thanks for listening.',
};

/** `/login`: sign in with a username or email and a password. */
export function LoginPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const login = useLogin();
  const [params, setParams] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { errors, show, clear, formRef } = useFieldErrors<'username' | 'password'>();

  const googleError = params.get('error');
  // Read once: the notice stays while the page does, even after the URL is tidied.
  const [notice] = useState(() => loginNotices[params.get('notice') ?? ''] ?? null);
  // Where to go after signing in: a shared link the visitor came from, else /home.
  const next = params.get('next');
  useEffect(() => {
    if (googleError === null) return;
    // Only known codes become sentences; text from the URL is never shown.
    toast.error(googleErrors[googleError] ?? googleErrors.google_failed!);
    setParams(
      (p) => {
        p.delete('error');
        return p;
      },
      { replace: true },
    );
  }, [googleError, setParams, toast]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // An empty field is marked; the sentence names both, as they go together.
    const missing = !username.trim() ? 'username' : !password ? 'password' : null;
    show(missing ? { [missing]: messages.loginMissing } : {});
    if (missing) return;
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (res) => {
          if (res.message === SUCCESS) navigate(safeNext(next), { replace: true });
          else toast.error(res.message);
        },
        onError: (err) => {
          // 'Wrong username or password' goes beside the password; limits and outages are toasts.
          const problem = fieldError(err, ['username', 'password'] as const);
          if (problem) show({ [problem.field]: problem.message });
          else toast.error(errorMessage(err));
        },
      },
    );
  }

  return (
    <>
      <AuthHeader title="Welcome back">
        Log in to pick up right where the music left off.
      </AuthHeader>
      {notice && (
        <p className="auth-form__notice" role="status">
          {notice}
        </p>
      )}
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Username or email"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={errors.username}
          onChange={(e) => {
            setUsername(e.target.value);
            clear('username');
          }}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          revealable
          labelAside={<Link to="/forget">Forgot password?</Link>}
          value={password}
          error={errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            clear('password');
          }}
        />
        <div className="auth-form__actions">
          <Button type="submit" size="lg" block loading={login.isPending}>
            Login
          </Button>
          <GoogleButton next={next}>Sign in with Google</GoogleButton>
        </div>
      </form>
      <p className="auth-form__switch">
        New to Musicify? <Link to={withNext('/', next)}>Create an account</Link>
      </p>
    </>
  );
}
