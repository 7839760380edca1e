import { useState } from 'react';
import { MoreHorizontal, Shield, ShieldOff, Trash2, UserCheck, UserX } from 'lucide-react';
import { Avatar, ConfirmDialog, Menu, useToast, type MenuItem } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAdminUsers } from '../api/get-users';
import { useSetAdmin } from '../api/set-admin';
import { useSetDisabled } from '../api/set-disabled';
import type { AdminUser } from '../api/types';
import { DeleteUserDialog } from './DeleteUserDialog';
import { formatBytes, formatDate } from './format';
import { PanelLoader } from './LibraryPanel';

type Pending =
  | { kind: 'admin' | 'unadmin' | 'disable' | 'enable'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser };

/** Every account with its uploads, and what an admin can do to it (always after asking). */
export function UsersPanel() {
  const users = useAdminUsers();
  const [pending, setPending] = useState<Pending | null>(null);
  if (users.isPending) return <PanelLoader />;
  if (users.isError) return <p className="admin-error">{errorMessage(users.error)}</p>;
  const admins = users.data.filter((u) => u.admin).length;
  return (
    <div className="admin-stack">
      <p className="admin-summary">
        {users.data.length} {users.data.length === 1 ? 'account' : 'accounts'} · {admins}{' '}
        {admins === 1 ? 'admin' : 'admins'}
      </p>
      <div className="admin-table" role="table" aria-label="Users">
        <div className="admin-table__row admin-table__row--head" role="row">
          <span role="columnheader">User</span>
          <span role="columnheader">Joined</span>
          <span role="columnheader">Uploads</span>
          <span role="columnheader">Status</span>
          <span role="columnheader">
            <span className="visually-hidden">Actions</span>
          </span>
        </div>
        {users.data.map((u) => (
          <UserRow key={u._id} user={u} soleAdmin={admins === 1} onAction={setPending} />
        ))}
      </div>
      {pending?.kind === 'delete' ? (
        <DeleteUserDialog user={pending.user} onClose={() => setPending(null)} />
      ) : (
        <ConfirmAction pending={pending} onDone={() => setPending(null)} />
      )}
    </div>
  );
}

interface UserRowProps {
  user: AdminUser;
  /** The server keeps its last admin: no use offering to remove them. */
  soleAdmin: boolean;
  onAction: (p: Pending) => void;
}

function UserRow({ user, soleAdmin, onAction }: UserRowProps) {
  const { user: me } = useSession();
  const self = me._id === user._id;
  const items: MenuItem[] = [];
  if (user.admin && !user.named && !soleAdmin) {
    items.push({
      label: 'Remove admin',
      icon: <ShieldOff size={16} />,
      onSelect: () => onAction({ kind: 'unadmin', user }),
    });
  }
  if (!user.admin && !user.disabled) {
    items.push({
      label: 'Make admin',
      icon: <Shield size={16} />,
      onSelect: () => onAction({ kind: 'admin', user }),
    });
  }
  if (user.disabled) {
    items.push({
      label: 'Enable',
      icon: <UserCheck size={16} />,
      onSelect: () => onAction({ kind: 'enable', user }),
    });
  } else if (!user.admin && !self) {
    items.push({
      label: 'Disable',
      icon: <UserX size={16} />,
      onSelect: () => onAction({ kind: 'disable', user }),
    });
  }
  if (!user.admin && !self) {
    items.push({
      label: 'Delete…',
      icon: <Trash2 size={16} />,
      tone: 'danger',
      onSelect: () => onAction({ kind: 'delete', user }),
    });
  }
  return (
    <div
      className={user.disabled ? 'admin-table__row admin-table__row--off' : 'admin-table__row'}
      role="row"
      aria-label={user.username}
    >
      <span role="cell" className="admin-user">
        <Avatar name={user.username} size={36} />
        <span className="admin-user__text">
          <span className="admin-user__name">
            {user.username}
            {self && <span className="admin-you">You</span>}
          </span>
          <span className="admin-user__email">{user.email}</span>
        </span>
      </span>
      <span role="cell" className="admin-table__muted" data-label="Joined">
        {formatDate(user.createdAt)}
      </span>
      <span role="cell" className="admin-table__muted" data-label="Uploads">
        {user.songs === 0
          ? 'None'
          : `${user.songs} ${user.songs === 1 ? 'song' : 'songs'} · ${formatBytes(user.bytes)}`}
      </span>
      <span role="cell" className="admin-badges">
        {user.admin && (
          <span
            className="admin-badge admin-badge--admin"
            title={user.named ? 'Set by MUSICIFY_ADMIN' : undefined}
          >
            Admin
          </span>
        )}
        {user.disabled ? (
          <span className="admin-badge admin-badge--off">Disabled</span>
        ) : (
          !user.admin && <span className="admin-badge">Active</span>
        )}
      </span>
      <span role="cell" className="admin-table__actions">
        {items.length > 0 && (
          <Menu
            label={`Actions for ${user.username}`}
            trigger={<MoreHorizontal size={20} aria-hidden="true" />}
            items={items}
          />
        )}
      </span>
    </div>
  );
}

const confirmTexts = {
  admin: {
    title: (n: string) => `Make ${n} an admin?`,
    text: 'They can manage accounts, invitations and the library, like you.',
    label: 'Make admin',
    tone: 'primary',
  },
  unadmin: {
    title: (n: string) => `Remove ${n}'s admin rights?`,
    text: 'They keep their account, music and playlists, but no longer reach this page.',
    label: 'Remove admin',
    tone: 'danger',
  },
  disable: {
    title: (n: string) => `Disable ${n}?`,
    text: 'They are signed out everywhere at once and cannot sign in until you enable the account again. Their music stays.',
    label: 'Disable',
    tone: 'danger',
  },
  enable: {
    title: (n: string) => `Enable ${n}?`,
    text: 'They can sign in again.',
    label: 'Enable',
    tone: 'primary',
  },
} as const;

function ConfirmAction({ pending, onDone }: { pending: Pending | null; onDone: () => void }) {
  const toast = useToast();
  const setAdmin = useSetAdmin();
  const setDisabled = useSetDisabled();
  const kind = pending && pending.kind !== 'delete' ? pending.kind : null;
  const t = kind ? confirmTexts[kind] : confirmTexts.admin;
  const name = pending?.user.username ?? '';

  function confirm() {
    if (!pending || !kind) return;
    const id = pending.user._id;
    const opts = {
      onSuccess: () => {
        toast.success(`${t.label}: ${name}.`);
        onDone();
      },
      onError: (err: Error) => {
        toast.error(errorMessage(err));
        onDone();
      },
    };
    if (kind === 'admin' || kind === 'unadmin')
      setAdmin.mutate({ id, admin: kind === 'admin' }, opts);
    else setDisabled.mutate({ id, disabled: kind === 'disable' }, opts);
  }

  return (
    <ConfirmDialog
      open={kind !== null}
      title={t.title(name)}
      confirmLabel={t.label}
      tone={t.tone}
      loading={setAdmin.isPending || setDisabled.isPending}
      onConfirm={confirm}
      onCancel={onDone}
    >
      {t.text}
    </ConfirmDialog>
  );
}
