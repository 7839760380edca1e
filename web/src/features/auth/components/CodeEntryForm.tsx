import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button, useFieldErrors, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { SUCCESS } from '../api/types';
import { useCooldown } from '../hooks/use-cooldown';
import { cleanCode, messages } from '../validation';
import { AuthHeader } from './AuthHeader';
import './auth-form.css';

/** The server lets one code mail go to an address every 20 seconds. */
const RESEND_AFTER_SECONDS = 20;
const CODE_LENGTH = 6;

interface CodeEntryFormProps {
  /** The way back to the step that sent the mail. */
  back: { to: string; label: string };
  title: string;
  /** Under the title: where the code went and what it is for. */
  intro: ReactNode;
  codeLabel: string;
  submitLabel: string;
  /** When the last code mail went (ms since the epoch), for the resend wait. */
  sentAt: number;
  /** Asks the server whether the code is right: its message is 'success' when it is. */
  check: (code: string) => Promise<{ message: string }>;
  checking: boolean;
  /** The server took the code. */
  onAccepted: (code: string) => void;
  /** Mails a new code; its message is shown as it is. */
  resend: () => Promise<{ message: string }>;
  resending: boolean;
  /** A new code went out (the page notes the time). */
  onResent: () => void;
}

/**
 * The page for a 6-digit code from a mail, for signing up and for a
 * password reset alike: the field, the button, and a new code after a wait.
 * A wrong or expired code is shown beside the field; other failures as a toast.
 */
export function CodeEntryForm({
  back,
  title,
  intro,
  codeLabel,
  submitLabel,
  sentAt,
  check,
  checking,
  onAccepted,
  resend,
  resending,
  onResent,
}: CodeEntryFormProps) {
  const toast = useToast();
  const [code, setCode] = useState('');
  const { errors, show, clear, formRef } = useFieldErrors<'otp'>();
  const wait = useCooldown(sentAt, RESEND_AFTER_SECONDS);
  const id = useId();
  const errorId = `${id}-error`;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const incomplete = code.length !== CODE_LENGTH;
    show(incomplete ? { otp: messages.codeMissing } : {});
    if (incomplete) return;
    check(code).then(
      (res) => {
        if (res.message === SUCCESS) onAccepted(code);
        else toast.error(res.message);
      },
      (err: unknown) => {
        const problem = fieldError(err, ['otp'] as const);
        if (problem) show({ otp: problem.message });
        else toast.error(errorMessage(err));
      },
    );
  }

  function onResend() {
    resend().then(
      (res) => {
        onResent();
        setCode('');
        clear('otp');
        toast.success(res.message);
      },
      (err: unknown) => toast.error(errorMessage(err)),
    );
  }

  return (
    <>
      <Link to={back.to} className="auth-form__back">
        <ArrowLeft size={16} aria-hidden="true" /> {back.label}
      </Link>
      <AuthHeader title={title}>{intro}</AuthHeader>
      <form ref={formRef} className="auth-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={id}>
            {codeLabel}
          </label>
          <input
            id={id}
            name="otp"
            className="field__input code-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CODE_LENGTH}
            placeholder="••••••"
            value={code}
            onChange={(e) => {
              // Pasted text keeps its digits.
              setCode(cleanCode(e.target.value));
              clear('otp');
            }}
            spellCheck={false}
            aria-invalid={errors.otp ? true : undefined}
            aria-describedby={errors.otp ? errorId : undefined}
          />
          {errors.otp && (
            <p id={errorId} className="field__error">
              {errors.otp}
            </p>
          )}
        </div>
        <div className="auth-form__actions">
          <Button type="submit" size="lg" block loading={checking}>
            {submitLabel}
          </Button>
        </div>
        <div className="auth-form__meta">
          <span aria-live="polite">
            {wait > 0
              ? `You can ask for a new code in ${wait} s.`
              : 'No mail? Check your spam folder.'}
          </span>
          <button
            type="button"
            className="auth-form__link-button"
            onClick={onResend}
            disabled={wait > 0 || resending}
          >
            Resend code
          </button>
        </div>
      </form>
    </>
  );
}
