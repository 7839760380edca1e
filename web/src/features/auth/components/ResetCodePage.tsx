import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useGetResetCode } from '../api/get-reset-code';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { markResetCodeSent, readPendingReset, rememberResetCode } from '../hooks/reset-flow';
import { CodeEntryForm } from './CodeEntryForm';

/** `/otp`: the reset code from the mail, checked by the server before /change. */
export function ResetCodePage() {
  const navigate = useNavigate();
  const verify = useVerifyResetCode();
  const resend = useGetResetCode();
  const [pending, setPending] = useState(readPendingReset);

  if (!pending) return <Navigate to="/forget" replace />;
  const { email, sentAt } = pending;

  return (
    <CodeEntryForm
      back={{ to: '/forget', label: 'Use a different email' }}
      title="Enter your code"
      intro={
        <>
          If an account uses <strong>{email}</strong>, we sent it a 6-digit code. It expires in 10
          minutes.
        </>
      }
      codeLabel="Reset code"
      submitLabel="Change password"
      sentAt={sentAt}
      check={(otp) => verify.mutateAsync({ email, otp })}
      checking={verify.isPending}
      onAccepted={(otp) => {
        rememberResetCode(otp);
        navigate('/change');
      }}
      resend={() => resend.mutateAsync({ email })}
      resending={resend.isPending}
      onResent={() => setPending(markResetCodeSent())}
    />
  );
}
