import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button, TextField, useFieldErrors, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { finishReset, readPendingReset, verifiedResetCode } from '../hooks/reset-flow';
import { validateNewPassword } from '../validation';
import { AuthHeader } from './AuthHeader';
import './auth-form.css';

export const PASSWORD_CHANGED = 'Your password was changed. Log in with your new password.';
export const CODE_AGAIN = 'Please enter the code from the mail again.';

/** `/change`: a new password, set with the code verified on /otp. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const change = useChangePassword();
  const [pending] = useState(readPendingReset);
  const [code] = useState(verifiedResetCode);
  const [password, setPassword] = useState('');
  const [cpassword, setCpassword] = useState('');
  const { errors, show, clear, formRef } = useFieldErrors<'password' | 'cpassword'>();

  const needsCode = pending !== null && code === null;
  useEffect(() => {
    // The code lives in memory only, so a refresh here asks for it again.
    if (!needsCode) return;
    toast.info(CODE_AGAIN);
    navigate('/otp', { replace: true });
  }, [needsCode, navigate, toast]);

  if (!pending) return <Navigate to="/forget" replace />;
  if (code === null) return null;
  const otp = code;
  const { email } = pending;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problem = validateNewPassword(password, cpassword);
    show(problem ? { [problem.field]: problem.message } : {});
    if (problem) return;
    change.mutate(
      { email, otp, password },
      {
        onSuccess: () => {
          finishReset();
          toast.success(PASSWORD_CHANGED);
          navigate('/login', { replace: true });
        },
        onError: (err) => {
          const problem = fieldError(err, ['password'] as const);
          if (problem) show({ password: problem.message });
          else toast.error(errorMessage(err));
        },
      },
    );
  }

  return (
    <>
      <AuthHeader title="Choose a new password">
        For <strong>{email}</strong>. Changing it signs you out on every device.
      </AuthHeader>
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          revealable
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
        <div className="auth-form__actions">
          <Button type="submit" size="lg" block loading={change.isPending}>
            Save password
          </Button>
        </div>
      </form>
    </>
  );
}
