/** Below a code field: when a new code may be asked for, and the button to ask. */
export function ResendCode(props: { wait: number; sending: boolean; onResend: () => void }) {
  const { wait, sending, onResend } = props;
  return (
    <div className="auth-form__meta">
      <span aria-live="polite">
        {wait > 0 ? `You can ask for a new code in ${wait} s.` : 'No mail? Check your spam folder.'}
      </span>
      <button
        type="button"
        className="auth-form__link-button"
        onClick={onResend}
        disabled={wait > 0 || sending}
      >
        Resend code
      </button>
    </div>
  );
}
