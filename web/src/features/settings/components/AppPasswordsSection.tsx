import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AlertCircle, KeyRound, Plus, ShieldAlert, Smartphone } from 'lucide-react';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Section,
  Spinner,
  TextField,
  useToast,
} from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import {
  APP_PASSWORD_NAME_MAX,
  APP_PASSWORDS_MAX,
  useAppPasswords,
  useCreateAppPassword,
  useRevokeAppPassword,
  type AppPassword,
  type NewAppPassword,
} from '../api/app-passwords';
import { formatDay, lastUsedLabel } from '../format';
import { useNow } from '../use-now';
import { CopyField } from './CopyField';
import { SecretField } from './SecretField';

/** The apps the explanation names, all of which speak the Subsonic API. */
const APPS = 'Symfonium, DSub, Feishin, Supersonic';

/**
 * Settings → App passwords: how to connect a Subsonic app, a form that
 * makes a named app password (shown once), and the list to revoke them.
 */
export function AppPasswordsSection() {
  const list = useAppPasswords();
  const [created, setCreated] = useState<NewAppPassword | null>(null);
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  const count = list.data?.length;
  const now = useNow();

  return (
    <Section
      title="App passwords"
      action={
        count !== undefined && (
          <span className="apppw-count">
            {count} of {APP_PASSWORDS_MAX}
          </span>
        )
      }
    >
      <div className="apppw">
        <ConnectCard />
        <CreateForm
          full={count !== undefined && count >= APP_PASSWORDS_MAX}
          onCreated={setCreated}
        />
        {created && <NewPasswordPanel created={created} onDone={() => setCreated(null)} />}
        {list.isPending ? (
          <div className="row-loader">
            <Spinner size={28} />
          </div>
        ) : list.isError ? (
          <p className="apppw-failure" role="alert">
            <AlertCircle size={18} aria-hidden="true" />
            <span>{errorMessage(list.error)}</span>
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </p>
        ) : list.data.length === 0 ? (
          <EmptyState icon={KeyRound} title="No app passwords yet" compact>
            Make one for each device, so you can sign one out without the others.
          </EmptyState>
        ) : (
          <ul className="apppw-list" aria-label="Your app passwords">
            {list.data.map((p) => (
              <AppPasswordRow key={p.id} item={p} now={now} onRevoke={() => setRevoking(p)} />
            ))}
          </ul>
        )}
      </div>
      <RevokeDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={(id) => {
          if (created?.id === id) setCreated(null);
        }}
      />
    </Section>
  );
}

/** What a Subsonic app asks for, with this server's address and the user's name to copy. */
function ConnectCard() {
  const { user } = useSession();
  const origin = window.location.origin;
  return (
    <div className="apppw-connect">
      <div className="apppw-connect__icon" aria-hidden="true">
        <Smartphone size={22} />
      </div>
      <div className="apppw-connect__body">
        <p className="apppw-connect__text">
          Use an app password to sign in from Subsonic apps such as {APPS}: server address{' '}
          <strong>{origin}</strong>, your username, and the app password. Your Musicify password
          does not work there.
        </p>
        <dl className="apppw-connect__details">
          <div>
            <dt>Server address</dt>
            <dd>
              <CopyField label="Server address" value={origin} />
            </dd>
          </div>
          <div>
            <dt>Username</dt>
            <dd>
              <CopyField label="Username" value={user.username} />
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

interface CreateFormProps {
  full: boolean;
  onCreated: (created: NewAppPassword) => void;
}

/** Names and makes an app password. */
function CreateForm({ full, onCreated }: CreateFormProps) {
  const toast = useToast();
  const create = useCreateAppPassword();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const busy = create.isPending;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      setError('Give the app password a name, such as the device it is for.');
      nameRef.current?.focus();
      return;
    }
    setError(null);
    create.mutate(trimmed, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
      onError: (err) => {
        // A refused name shows beside the field; anything else (the limit, an outage) is a toast.
        const problem = fieldError(err, ['name'] as const);
        if (!problem) {
          toast.error(errorMessage(err));
          return;
        }
        setError(problem.message);
        nameRef.current?.focus();
      },
    });
  }

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <TextField
        ref={nameRef}
        className="settings-form__field"
        label="New app password"
        name="name"
        autoComplete="off"
        maxLength={APP_PASSWORD_NAME_MAX}
        placeholder="Name it after the device, e.g. Phone – Symfonium"
        value={name}
        disabled={busy || full}
        error={error}
        hint={
          full
            ? `You have ${APP_PASSWORDS_MAX}, the most allowed. Revoke one you no longer use first.`
            : undefined
        }
        onChange={(e) => {
          setName(e.target.value);
          if (error) setError(null);
        }}
      />
      <Button
        type="submit"
        className="settings-form__submit"
        icon={<Plus size={18} aria-hidden="true" />}
        loading={busy}
        disabled={full}
      >
        Create
      </Button>
    </form>
  );
}

interface NewPasswordPanelProps {
  created: NewAppPassword;
  onDone: () => void;
}

/** The new password, the one time it is shown, with a copy button and a warning. */
function NewPasswordPanel({ created, onDone }: NewPasswordPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [created.id]);

  return (
    <section className="apppw-new" aria-labelledby="apppw-new-title">
      <h3 id="apppw-new-title" ref={headingRef} tabIndex={-1} className="apppw-new__title">
        Your app password for “{created.name}”
      </h3>
      <SecretField label="App password" value={created.password} />
      <p className="apppw-new__warning">
        <ShieldAlert size={18} aria-hidden="true" />
        <span>
          Copy it now and paste it into your app as the password. It won’t be shown again: if you
          lose it, revoke it and make a new one.
        </span>
      </p>
      <div className="apppw-new__actions">
        <Button variant="secondary" size="sm" onClick={onDone}>
          Done, I’ve copied it
        </Button>
      </div>
    </section>
  );
}

interface AppPasswordRowProps {
  item: AppPassword;
  now: number;
  onRevoke: () => void;
}

function AppPasswordRow({ item, now, onRevoke }: AppPasswordRowProps) {
  return (
    <li className="apppw-row">
      <span className="apppw-row__icon" aria-hidden="true">
        <KeyRound size={18} />
      </span>
      <div className="apppw-row__text">
        <p className="apppw-row__name" title={item.name}>
          {item.name}
        </p>
        <p className="apppw-row__meta">
          <span>Created {formatDay(item.createdAt)}</span>
          <span className={item.lastUsedAt ? 'apppw-row__used' : 'apppw-row__unused'}>
            {lastUsedLabel(item.lastUsedAt, now)}
          </span>
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="apppw-row__revoke"
        onClick={onRevoke}
        aria-label={`Revoke ${item.name}`}
      >
        Revoke
      </Button>
    </li>
  );
}

interface RevokeDialogProps {
  item: AppPassword | null;
  onClose: () => void;
  onRevoked: (id: string) => void;
}

function RevokeDialog({ item, onClose, onRevoked }: RevokeDialogProps) {
  const toast = useToast();
  const revoke = useRevokeAppPassword();
  return (
    <ConfirmDialog
      open={item !== null}
      title={item ? `Revoke “${item.name}”?` : 'Revoke'}
      confirmLabel="Revoke"
      loading={revoke.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!item) return;
        revoke.mutate(item.id, {
          onSuccess: () => {
            toast.success(`“${item.name}” revoked`);
            onRevoked(item.id);
            onClose();
          },
          onError: (err) => toast.error(errorMessage(err)),
        });
      }}
    >
      Apps signed in with it stop working at once. This can’t be undone.
    </ConfirmDialog>
  );
}
