import { useState } from 'react';
import { Copy, Link2, Lock, Mail, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ConfirmDialog, EmptyState, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useCreateInvite } from '../api/create-invite';
import { useGoogleSignIn } from '../api/get-google-setup';
import { useInvites } from '../api/get-invites';
import { useAdminSignup } from '../api/get-signup';
import { useRevokeInvite } from '../api/revoke-invite';
import { useSetSignup } from '../api/set-signup';
import type { Invite, SignupMode } from '../api/types';
import { formatDate, formatDateTime } from './format';
import { PanelLoader } from './LibraryPanel';

const modes: { mode: SignupMode; title: string; text: string; icon: typeof Mail }[] = [
  {
    mode: 'open',
    title: 'Open',
    text: 'Anyone who reaches this server can sign up.',
    icon: UserPlus,
  },
  {
    mode: 'invite',
    title: 'Invite only',
    text: 'People sign up with a single-use link you send them.',
    icon: Mail,
  },
  { mode: 'closed', title: 'Closed', text: 'Nobody can create an account.', icon: Lock },
];

/** Who may sign up, and the invitation links. */
export function SignupPanel() {
  return (
    <div className="admin-stack">
      <ModeCard />
      <InvitesCard />
      <GoogleCard />
    </div>
  );
}

function ModeCard() {
  const toast = useToast();
  const signup = useAdminSignup();
  const set = useSetSignup();
  if (signup.isPending) return <PanelLoader />;
  if (signup.isError) return <p className="admin-error">{errorMessage(signup.error)}</p>;
  const current = set.isPending ? set.variables : signup.data.mode;
  return (
    <section className="admin-card" aria-labelledby="admin-mode">
      <h2 id="admin-mode" className="admin-card__title">
        Who can sign up
      </h2>
      <p className="admin-card__sub">
        Server default (<code>MUSICIFY_SIGNUP</code>): {signup.data.default ?? 'open'}. Your choice
        holds until that setting changes.
      </p>
      <div className="admin-modes" role="radiogroup" aria-labelledby="admin-mode">
        {modes.map(({ mode, title, text, icon: Icon }) => (
          <label key={mode} className="admin-mode">
            <input
              type="radio"
              name="signup-mode"
              value={mode}
              checked={current === mode}
              onChange={() =>
                set.mutate(mode, {
                  onSuccess: () => toast.success(`Sign-up is now ${title.toLowerCase()}.`),
                  onError: (err) => toast.error(errorMessage(err)),
                })
              }
            />
            <span className="admin-mode__body">
              <Icon size={20} aria-hidden="true" />
              <strong>{title}</strong>
              <small>{text}</small>
            </span>
          </label>
        ))}
      </div>
    </section>
  );
}

const lifetimes = [1, 7, 30];

function InvitesCard() {
  const toast = useToast();
  const invites = useInvites();
  const create = useCreateInvite();
  const [days, setDays] = useState(7);
  const [link, setLink] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Invite | null>(null);

  function onCreate() {
    create.mutate(
      { days },
      {
        onSuccess: (res) => setLink(res.link),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  }

  async function onCopy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Invitation link copied.');
    } catch {
      toast.error('Could not copy: select the link and copy it yourself.');
    }
  }

  return (
    <section className="admin-card" aria-labelledby="admin-invites">
      <div className="admin-card__head">
        <div>
          <h2 id="admin-invites" className="admin-card__title">
            Invitations
          </h2>
          <p className="admin-card__sub">Each link makes one account, then stops working.</p>
        </div>
        <div className="admin-card__actions">
          <label className="admin-select">
            <span className="visually-hidden">Valid for</span>
            <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {lifetimes.map((d) => (
                <option key={d} value={d}>
                  Valid {d === 1 ? '1 day' : `${d} days`}
                </option>
              ))}
            </select>
          </label>
          <Button
            size="sm"
            icon={<Link2 size={16} aria-hidden="true" />}
            onClick={onCreate}
            loading={create.isPending}
          >
            Create invitation
          </Button>
        </div>
      </div>
      {link && (
        <div className="admin-newlink" role="status">
          <p className="admin-newlink__note">
            Send this link to the person you invite. It is shown only now.
          </p>
          <div className="admin-newlink__row">
            <input
              className="admin-newlink__input admin-mono"
              readOnly
              value={link}
              aria-label="Invitation link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="secondary"
              size="sm"
              icon={<Copy size={16} aria-hidden="true" />}
              onClick={onCopy}
            >
              Copy
            </Button>
          </div>
        </div>
      )}
      {invites.isPending ? (
        <PanelLoader />
      ) : invites.isError ? (
        <p className="admin-error">{errorMessage(invites.error)}</p>
      ) : invites.data.length === 0 ? (
        <EmptyState icon={Mail} title="No invitations yet" compact>
          Create one to let someone in while sign-up is by invitation.
        </EmptyState>
      ) : (
        <ul className="admin-invites" aria-label="Invitations">
          {invites.data.map((inv) => (
            <li key={inv.id} className="admin-invite">
              <span className={`admin-badge admin-badge--${inv.status}`}>{inv.status}</span>
              <span className="admin-invite__text">
                <span>
                  {inv.status === 'used'
                    ? `Used by ${inv.usedBy || 'a deleted account'} on ${formatDate(inv.usedAt!)}`
                    : inv.status === 'expired'
                      ? `Expired ${formatDate(inv.expiresAt)}`
                      : `Valid until ${formatDateTime(inv.expiresAt)}`}
                </span>
                <small>
                  Created {formatDate(inv.createdAt)}
                  {inv.createdBy && ` by ${inv.createdBy}`}
                </small>
              </span>
              <Button variant="ghost" size="sm" onClick={() => setRevoking(inv)}>
                {inv.status === 'open' ? 'Revoke' : 'Remove'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <RevokeDialog invite={revoking} onDone={() => setRevoking(null)} />
    </section>
  );
}

function RevokeDialog({ invite, onDone }: { invite: Invite | null; onDone: () => void }) {
  const toast = useToast();
  const revoke = useRevokeInvite();
  const open = invite?.status === 'open';
  return (
    <ConfirmDialog
      open={invite !== null}
      title={open ? 'Revoke this invitation?' : 'Remove this invitation from the list?'}
      confirmLabel={open ? 'Revoke' : 'Remove'}
      loading={revoke.isPending}
      onCancel={onDone}
      onConfirm={() =>
        invite &&
        revoke.mutate(invite.id, {
          onSuccess: () => {
            toast.success(open ? 'Invitation revoked.' : 'Invitation removed.');
            onDone();
          },
          onError: (err) => {
            toast.error(errorMessage(err));
            onDone();
          },
        })
      }
    >
      {open ? 'The link stops working at once.' : 'The account it made is not affected.'}
    </ConfirmDialog>
  );
}

/**
 * Whether people can sign in with Google. The sign-in pages show the button
 * only when it is on, so this is where an admin learns how to turn it on.
 */
function GoogleCard() {
  const google = useGoogleSignIn();
  if (google.isPending) return null;
  const on = google.data?.configured === true;
  return (
    <section className="admin-card" aria-labelledby="admin-google">
      <h2 id="admin-google" className="admin-card__title">
        Sign-in with Google
      </h2>
      <p className="admin-card__sub">
        {on
          ? 'On: the login and sign-up pages offer it.'
          : 'Off: the login and sign-up pages show no Google button.'}{' '}
        {!on && <Link to="/google">How to turn it on</Link>}
      </p>
    </section>
  );
}
