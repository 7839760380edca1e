import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeNext, withNext } from '@/lib/next-path';
import { useResendSignupCode } from '../api/resend-signup-code';
import { useSignup } from '../api/signup';
import {
  finishSignup,
  markSignupCodeSent,
  pendingSignupPassword,
  readPendingSignup,
} from '../hooks/signup-flow';
import { CodeEntryForm } from './CodeEntryForm';

/** `/otp1`: the sign-up code from the mail finishes the registration. */
export function SignupCodePage() {
  const navigate = useNavigate();
  const signup = useSignup();
  const resend = useResendSignupCode();
  const [params] = useSearchParams();
  const next = params.get('next');
  const [pending, setPending] = useState(readPendingSignup);

  if (!pending) return <Navigate to={withNext('/', next)} replace />;
  const { email, username, invite, sentAt } = pending;

  return (
    <CodeEntryForm
      back={{ to: withNext('/', next), label: 'Back to sign-up' }}
      title="Check your email"
      intro={
        <>
          We sent a 6-digit code to <strong>{email}</strong>. Enter it to finish creating{' '}
          <strong>{username}</strong>. The code expires in 10 minutes.
        </>
      }
      codeLabel="Sign-up code"
      submitLabel="Register"
      sentAt={sentAt}
      check={(otp) => {
        const password = pendingSignupPassword();
        return signup.mutateAsync({
          username,
          email,
          otp,
          ...(password ? { password } : {}),
          ...(invite ? { invite } : {}),
        });
      }}
      checking={signup.isPending}
      onAccepted={() => {
        finishSignup();
        navigate(safeNext(next), { replace: true });
      }}
      resend={() => resend.mutateAsync({ email })}
      resending={resend.isPending}
      onResent={() => setPending(markSignupCodeSent())}
    />
  );
}
