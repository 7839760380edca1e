import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button, useFieldErrors, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { useGetResetCode } from '../api/get-reset-code';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { SUCCESS } from '../api/types';
import { markResetCodeSent, readPendingReset, rememberResetCode } from '../hooks/reset-flow';
import { useCooldown } from '../hooks/use-cooldown';
import { messages } from '../validation';
import { AuthHeader } from './AuthHeader';
import { CodeField } from './CodeField';
import { ResendCode } from './ResendCode';
import './auth-form.css';

const RESEND_AFTER_SECONDS = 20;

/** `/otp`: the reset code from the mail, checked by the server before /change. */
export function ResetCodePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const verify = useVerifyResetCode();
  const resend = useGetResetCode();
  const [pending, setPending] = useState(readPendingReset);
  const [code, setCode] = useState('');
  const { errors, show, clear, formRef } = useFieldErrors<'otp'>();
  const wait = useCooldown(pending?.sentAt ?? null, RESEND_AFTER_SECONDS);

  if (!pending) return <Navigate to="/forget" replace />;
  const { email } = pending;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const incomplete = code.length !== 6;
    show(incomplete ? { otp: messages.codeMissing } : {});
    if (incomplete) return;
    verify.mutate(
      { email, otp: code },
      {
        onSuccess: (res) => {
          if (res.message === SUCCESS) {
            rememberResetCode(code);
            navigate('/change');
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
          setPending(markResetCodeSent());
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
      <Link to="/forget" className="auth-form__back">
        <ArrowLeft size={16} aria-hidden="true" /> Use a different email
      </Link>
      <AuthHeader title="Enter your code">
        If an account uses <strong>{email}</strong>, we sent it a 6-digit code. It expires in 10
        minutes.
      </AuthHeader>
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <CodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            clear('otp');
          }}
          label="Reset code"
          autoFocus
          error={errors.otp}
        />
        <div className="auth-form__actions">
          <Button type="submit" size="lg" block loading={verify.isPending}>
            Change password
          </Button>
        </div>
        <ResendCode wait={wait} sending={resend.isPending} onResend={onResend} />
      </form>
    </>
  );
}
