import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button, useFieldErrors, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { safeNext, withNext } from '@/lib/next-path';
import { useResendSignupCode } from '../api/resend-signup-code';
import { useSignup } from '../api/signup';
import { SUCCESS } from '../api/types';
import {
  finishSignup,
  markSignupCodeSent,
  pendingSignupPassword,
  readPendingSignup,
} from '../hooks/signup-flow';
import { useCooldown } from '../hooks/use-cooldown';
import { messages } from '../validation';
import { AuthHeader } from './AuthHeader';
import { CodeField } from './CodeField';
import { ResendCode } from './ResendCode';
import './auth-form.css';

/** The server lets one code mail go to an address every 20 seconds. */
const RESEND_AFTER_SECONDS = 20;

/** `/otp1`: the sign-up code from the mail finishes the registration. */
export function SignupCodePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const signup = useSignup();
  const resend = useResendSignupCode();
  const [params] = useSearchParams();
  const next = params.get('next');
  const [pending, setPending] = useState(readPendingSignup);
  const [code, setCode] = useState('');
  const { errors, show, clear, formRef } = useFieldErrors<'otp'>();
  const wait = useCooldown(pending?.sentAt ?? null, RESEND_AFTER_SECONDS);

  if (!pending) return <Navigate to={withNext('/', next)} replace />;
  const { email, username, invite } = pending;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const incomplete = code.length !== 6;
    show(incomplete ? { otp: messages.codeMissing } : {});
    if (incomplete) return;
    const password = pendingSignupPassword();
    signup.mutate(
      {
        username,
        email,
        otp: code,
        ...(password ? { password } : {}),
        ...(invite ? { invite } : {}),
      },
      {
        onSuccess: (res) => {
          if (res.message === SUCCESS) {
            finishSignup();
            navigate(safeNext(next), { replace: true });
          } else {
            toast.error(res.message);
          }
        },
        onError: (err) => {
          // A wrong or expired code goes beside the code; the rest is for the whole form.
          const problem = fieldError(err, ['otp'] as const);
          if (problem) show({ otp: problem.message });
          else toast.error(errorMessage(err));
        },
      },
    );
  }

  function onResend() {
    resend.mutate(
      { email },
      {
        onSuccess: (res) => {
          setPending(markSignupCodeSent());
          setCode('');
          clear('otp');
          toast.success(res.message);
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  }

  return (
    <>
      <Link to={withNext('/', next)} className="auth-form__back">
        <ArrowLeft size={16} aria-hidden="true" /> Back to sign-up
      </Link>
      <AuthHeader title="Check your email">
        We sent a 6-digit code to <strong>{email}</strong>. Enter it to finish creating{' '}
        <strong>{username}</strong>. The code expires in 10 minutes.
      </AuthHeader>
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <CodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            clear('otp');
          }}
          label="Sign-up code"
          autoFocus
          error={errors.otp}
        />
        <div className="auth-form__actions">
          <Button type="submit" size="lg" block loading={signup.isPending}>
            Register
          </Button>
        </div>
        <ResendCode wait={wait} sending={resend.isPending} onResend={onResend} />
      </form>
    </>
  );
}
