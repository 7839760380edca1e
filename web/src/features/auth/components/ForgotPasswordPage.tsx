import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button, TextField, useFieldErrors, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { useGetResetCode } from '../api/get-reset-code';
import { CODE_SENT } from '../api/types';
import { startReset } from '../hooks/reset-flow';
import { isValidEmail, messages, normalizeEmail } from '../validation';
import { AuthHeader } from './AuthHeader';
import './auth-form.css';

/** `/forget`: ask for a password reset code by email. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const getCode = useGetResetCode();
  const [email, setEmail] = useState('');
  const { errors, show, clear, formRef } = useFieldErrors<'email'>();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const address = normalizeEmail(email);
    const invalid = !isValidEmail(address);
    show(invalid ? { email: messages.emailInvalid } : {});
    if (invalid) return;
    getCode.mutate(
      { email: address },
      {
        onSuccess: (res) => {
          if (res.okay === CODE_SENT) {
            startReset(address);
            navigate('/otp');
          } else {
            toast.error(res.message);
          }
        },
        onError: (err) => {
          const problem = fieldError(err, ['email'] as const);
          if (problem) show({ email: problem.message });
          else toast.error(errorMessage(err));
        },
      },
    );
  }

  return (
    <>
      <Link to="/login" className="auth-form__back">
        <ArrowLeft size={16} aria-hidden="true" /> Back to login
      </Link>
      <AuthHeader title="Forgot your password?">
        Enter the email of your account and we will mail you a code to choose a new password.
      </AuthHeader>
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
        <div className="auth-form__actions">
          <Button type="submit" size="lg" block loading={getCode.isPending}>
            Send code
          </Button>
        </div>
      </form>
    </>
  );
}
