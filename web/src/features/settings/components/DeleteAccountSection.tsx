import { useState, type FormEvent } from 'react';
import { TriangleAlert } from 'lucide-react';
import {
  Button,
  ConfirmDialog,
  Section,
  TextField,
  useFieldErrors,
  useToast,
} from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { afterSignOut } from '@/lib/offline/session';
import { useSession } from '@/lib/session';
import { useDeleteAccount } from '../api/account';

/** Where the sign-in page says the account is gone (LoginPage's notices). */
export const ACCOUNT_DELETED_PATH = '/login?notice=account_deleted';

/**
 * Settings → Delete account. The password proves it is the owner at the
 * keyboard, not someone at a browser left signed in; the dialog after it
 * says once more what goes, as nothing can bring it back.
 */
export function DeleteAccountSection() {
  const { user } = useSession();
  const toast = useToast();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [asking, setAsking] = useState(false);
  const { errors, show, clear, formRef } = useFieldErrors<'password'>();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!password) {
      show({ password: 'Please enter your current password.' });
      return;
    }
    setAsking(true);
  }

  function onConfirm() {
    remove.mutate(password, {
      onSuccess: async () => {
        // What this browser kept for the person (downloads, queued writes) goes too.
        await afterSignOut(user._id);
        // A fresh load, not a route change: every query of the account that
        // is gone would answer 401 and send the person to / instead.
        window.location.replace(ACCOUNT_DELETED_PATH);
      },
      onError: (err) => {
        setAsking(false);
        const problem = fieldError(err, ['password'] as const);
        if (problem) show({ password: problem.message });
        else toast.error(errorMessage(err));
      },
    });
  }

  return (
    <Section title="Delete account">
      <div className="account-danger">
        <div className="account-card__head">
          <span className="account-card__icon account-card__icon--danger" aria-hidden="true">
            <TriangleAlert size={20} />
          </span>
          <div>
            <h3 className="account-card__title">Delete @{user.username} for good</h3>
            <p className="account-card__hint">
              Your songs and their files, playlists, likes, follows, radio stations and app
              passwords are deleted, and you are signed out everywhere. This cannot be undone.
            </p>
          </div>
        </div>
        <form
          ref={formRef}
          className="settings-form"
          onSubmit={onSubmit}
          noValidate
          aria-label="Delete account"
        >
          <TextField
            className="settings-form__field"
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            revealable
            value={password}
            error={errors.password}
            onChange={(e) => {
              setPassword(e.target.value);
              clear('password');
            }}
          />
          <Button type="submit" variant="danger" className="settings-form__submit">
            Delete account
          </Button>
        </form>
      </div>
      <ConfirmDialog
        open={asking}
        title="Delete your account?"
        confirmLabel="Delete everything"
        loading={remove.isPending}
        onConfirm={onConfirm}
        onCancel={() => setAsking(false)}
      >
        @{user.username} and everything you uploaded are deleted now, for everyone. Nothing can
        bring them back.
      </ConfirmDialog>
    </Section>
  );
}
