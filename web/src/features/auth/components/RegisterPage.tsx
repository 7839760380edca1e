import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Checkbox, TextField, useFieldErrors, useToast } from '@/components/ui';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { withNext } from '@/lib/next-path';
import { useCheckRegistration } from '../api/check-registration';
import { useSignupMode } from '../api/get-signup-mode';
import { CODE_SENT } from '../api/types';
import { readPendingSignup, startSignup } from '../hooks/signup-flow';
import { normalizeEmail, validateRegistration, type RegistrationField } from '../validation';
import { AuthHeader } from './AuthHeader';
import { GoogleButton } from './GoogleButton';
import './auth-form.css';

/** The fields the server may name in a refusal of the registration. */
const SERVER_FIELDS = ['email', 'password', 'username'] as const;

/** `/`: create an account; a code is mailed and checked on /otp1. */
export function RegisterPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const check = useCheckRegistration();
  const [params] = useSearchParams();
  // A shared link the visitor came from: kept through /otp1 and opened after sign-up.
  const next = params.get('next');
  // An invitation link (/register?invite=…) carries its token to the server twice.
  const invite = params.get('invite') ?? undefined;
  const mode = useSignupMode().data?.mode ?? 'open';
  // Coming back from /otp1 keeps what was typed, except the passwords.
  const [pending] = useState(readPendingSignup);
  const [email, setEmail] = useState(pending?.email ?? '');
  const [password, setPassword] = useState('');
  const [cpassword, setCpassword] = useState('');
  const [username, setUsername] = useState(pending?.username ?? '');
  const [agreed, setAgreed] = useState(false);
  const { errors, show, clear, formRef } = useFieldErrors<RegistrationField>();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problems = validateRegistration({ email, password, cpassword, username, agreed });
    show(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length > 0) return;
    const input = {
      username: username.trim(),
      email: normalizeEmail(email),
      password,
      ...(invite ? { invite } : {}),
    };
    check.mutate(input, {
      onSuccess: (res) => {
        if (res.okay === CODE_SENT) {
          startSignup(input);
          navigate(withNext('/otp1', next));
        } else {
          toast.error(res.message);
        }
      },
      onError: (err) => {
        // Problems with fields go beside them, all at once; the rest is for the whole form.
        const problems = fieldErrors(err, SERVER_FIELDS);
        if (Object.keys(problems).length > 0) show(problems);
        else toast.error(errorMessage(err));
      },
    });
  }

  return (
    <>
      <AuthHeader title="Create your account">
        Discover new music, listen offline and enjoy high-quality audio — free, on your own server.
      </AuthHeader>
      <SignupNotice mode={mode} invited={invite !== undefined} />
      {mode !== 'closed' && (
        <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            error={errors.email}
            onChange={(e) => {
              setEmail(e.target.value);
              clear('email');
            }}
          />
          <div className="auth-form__row">
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              placeholder="At least 6 characters"
              value={password}
              error={errors.password}
              onChange={(e) => {
                setPassword(e.target.value);
                clear('password');
              }}
            />
            <TextField
              label="Confirm password"
              name="cpassword"
              type="password"
              autoComplete="new-password"
              placeholder="Type it again"
              value={cpassword}
              error={errors.cpassword}
              onChange={(e) => {
                setCpassword(e.target.value);
                clear('cpassword');
              }}
            />
          </div>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="How others will see you"
            hint="3 to 32 letters, digits, _ or -"
            value={username}
            error={errors.username}
            onChange={(e) => {
              setUsername(e.target.value);
              clear('username');
            }}
          />
          <Checkbox
            name="terms"
            checked={agreed}
            error={errors.terms}
            onChange={(e) => {
              setAgreed(e.target.checked);
              clear('terms');
            }}
          >
            I agree to the <Link to="/tandc">Terms and Conditions</Link>
          </Checkbox>
          <div className="auth-form__actions">
            <Button type="submit" size="lg" block loading={check.isPending}>
              Register
            </Button>
            {mode === 'open' && <GoogleButton next={next}>Sign up with Google</GoogleButton>}
          </div>
        </form>
      )}
      <p className="auth-form__switch">
        Already have an account? <Link to={withNext('/login', next)}>Log in</Link>
      </p>
    </>
  );
}

/** Says who may sign up when it is not everyone. */
function SignupNotice({ mode, invited }: { mode: 'open' | 'invite' | 'closed'; invited: boolean }) {
  if (mode === 'open') return null;
  let title = 'Sign-up is closed';
  let text = 'This server is not taking new accounts. Ask its administrator for one.';
  if (mode === 'invite') {
    title = invited ? 'You are invited' : 'Sign-up is by invitation';
    text = invited
      ? 'Create your account below. Your invitation link works once.'
      : 'Open the invitation link an administrator sent you to create an account.';
  }
  return (
    <div className={`auth-notice auth-notice--${invited ? 'ok' : 'info'}`} role="status">
      <p className="auth-notice__title">{title}</p>
      <p>{text}</p>
    </div>
  );
}
