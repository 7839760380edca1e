import { useState, type FormEvent } from 'react';
import { KeyRound, Mail } from 'lucide-react';
import { Button, Section, TextField, useFieldErrors, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useChangeEmail, useChangeOwnPassword, useRequestEmailCode } from '../api/account';

/** Settings → Sign-in: the email and the password the account signs in with. */
export function SignInSection() {
  return (
    <Section title="Sign-in">
      <div className="account-cards">
        <EmailCard />
        <PasswordCard />
      </div>
    </Section>
  );
}

/**
 * The rules of sign-up, copied from the server's (musicify.ValidatePassword
 * and ValidateEmail) with its sentences, so a slip is shown before a round
 * trip; the server checks again.
 */
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 256;
const EMAIL = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[^\s@"(),:;<>[\]\\.]+$/;
const EMAIL_INVALID = 'Please enter a valid email address';

function passwordProblem(password: string): string | null {
  const n = [...password].length;
  if (n < PASSWORD_MIN) return 'Your password needs at least 6 characters';
  if (n > PASSWORD_MAX) return 'Password must be at most 256 characters';
  return null;
}

/**
 * The address is changed in two steps: a code goes to the new address, and
 * only the code typed back moves the account there, so a typo cannot lock
 * anyone out of their password resets.
 */
function EmailCard() {
  const { user } = useSession();
  const toast = useToast();
  const requestCode = useRequestEmailCode();
  const confirm = useChangeEmail();
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  // The address the code was sent to; null until then.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, show, clear, formRef } = useFieldErrors<'email' | 'otp'>();

  function onError(err: unknown) {
    const problem = fieldError(err, ['email', 'otp'] as const);
    if (problem) show({ [problem.field]: problem.message });
    else toast.error(errorMessage(err));
  }

  function sendCode(e?: FormEvent<HTMLFormElement>) {
    e?.preventDefault();
    const address = (sentTo ?? email).trim();
    if (!address) {
      show({ email: 'Please enter the new email address.' });
      return;
    }
    if (address.length > 254 || !EMAIL.test(address)) {
      show({ email: EMAIL_INVALID });
      return;
    }
    requestCode.mutate(address, {
      onSuccess: (res) => {
        setSentTo(address.toLowerCase());
        setOtp('');
        toast.success(res.message);
      },
      onError,
    });
  }

  function onConfirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!sentTo) return;
    if (!otp.trim()) {
      show({ otp: 'Please enter the code from the mail' });
      return;
    }
    confirm.mutate(
      { email: sentTo, otp },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setSentTo(null);
          setEmail('');
          setOtp('');
        },
        onError,
      },
    );
  }

  return (
    <div className="account-card">
      <div className="account-card__head">
        <span className="account-card__icon" aria-hidden="true">
          <Mail size={20} />
        </span>
        <div>
          <h3 className="account-card__title">Email</h3>
          <p className="account-card__hint">
            You sign in with it and get your reset codes there. Now:{' '}
            <strong data-testid="current-email">{user.email}</strong>
          </p>
        </div>
      </div>
      {sentTo === null ? (
        <form
          ref={formRef}
          className="settings-form"
          onSubmit={sendCode}
          noValidate
          aria-label="Change email"
          aria-busy={requestCode.isPending || undefined}
        >
          <TextField
            className="settings-form__field"
            label="New email"
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="you@example.com"
            value={email}
            error={errors.email}
            onChange={(e) => {
              setEmail(e.target.value);
              clear('email');
            }}
          />
          <Button
            type="submit"
            variant="secondary"
            className="settings-form__submit"
            loading={requestCode.isPending}
          >
            Send code
          </Button>
        </form>
      ) : (
        <form
          ref={formRef}
          className="account-card__step"
          onSubmit={onConfirm}
          noValidate
          aria-label="Confirm new email"
          aria-busy={confirm.isPending || undefined}
        >
          <p className="account-card__note" role="status">
            We sent a 6-digit code to <strong>{sentTo}</strong>. Type it here to use this address.
          </p>
          <div className="settings-form">
            <TextField
              className="settings-form__field"
              label="Code"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              value={otp}
              error={errors.otp ?? errors.email}
              onChange={(e) => {
                setOtp(e.target.value);
                clear('otp');
              }}
            />
            <Button type="submit" className="settings-form__submit" loading={confirm.isPending}>
              Confirm
            </Button>
          </div>
          <div className="account-card__links">
            <Button
              variant="ghost"
              size="sm"
              loading={requestCode.isPending}
              onClick={() => sendCode()}
            >
              Send a new code
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setSentTo(null);
                setOtp('');
                clear('otp');
              }}
            >
              Use another address
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

type PasswordField = 'currentPassword' | 'password' | 'confirm';

function PasswordCard() {
  const toast = useToast();
  const change = useChangeOwnPassword();
  const [values, setValues] = useState<Record<PasswordField, string>>({
    currentPassword: '',
    password: '',
    confirm: '',
  });
  const { errors, show, clear, formRef } = useFieldErrors<PasswordField>();

  function set(field: PasswordField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (change.isPending) return;
    const problems: Partial<Record<PasswordField, string>> = {};
    if (!values.currentPassword) problems.currentPassword = 'Please enter your current password.';
    const rule = passwordProblem(values.password);
    if (rule) problems.password = rule;
    else if (values.confirm !== values.password) problems.confirm = 'The two new passwords differ.';
    show(problems);
    if (Object.keys(problems).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, password: values.password },
      {
        onSuccess: (res) => {
          setValues({ currentPassword: '', password: '', confirm: '' });
          toast.success(res.message);
        },
        onError: (err) => {
          const problem = fieldError(err, ['currentPassword', 'password'] as const);
          if (problem) show({ [problem.field]: problem.message });
          else toast.error(errorMessage(err));
        },
      },
    );
  }

  return (
    <div className="account-card">
      <div className="account-card__head">
        <span className="account-card__icon" aria-hidden="true">
          <KeyRound size={20} />
        </span>
        <div>
          <h3 className="account-card__title">Password</h3>
          <p className="account-card__hint">
            Changing it signs you out on every other device. This one stays signed in.
          </p>
        </div>
      </div>
      <form
        ref={formRef}
        className="account-card__fields"
        onSubmit={onSubmit}
        noValidate
        aria-label="Change password"
        aria-busy={change.isPending || undefined}
      >
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          revealable
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={(e) => set('currentPassword', e.target.value)}
        />
        <div className="account-card__pair">
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            revealable
            hint="At least 6 characters."
            value={values.password}
            error={errors.password}
            onChange={(e) => set('password', e.target.value)}
          />
          <TextField
            label="Confirm new password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            revealable
            value={values.confirm}
            error={errors.confirm}
            onChange={(e) => set('confirm', e.target.value)}
          />
        </div>
        <div className="account-card__actions">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </div>
  );
}
