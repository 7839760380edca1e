import { useId, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FolderSync, ShieldAlert, UserPlus, Users } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';
import { useSession } from '@/lib/session';
import { LibraryPanel } from './LibraryPanel';
import { SignupPanel } from './SignupPanel';
import { UsersPanel } from './UsersPanel';
import './admin.css';

const tabs = [
  { id: 'library', label: 'Library', icon: FolderSync, Panel: LibraryPanel },
  { id: 'users', label: 'Users', icon: Users, Panel: UsersPanel },
  { id: 'signup', label: 'Sign-up', icon: UserPlus, Panel: SignupPanel },
] as const;

type TabId = (typeof tabs)[number]['id'];

/**
 * `/admin`: the server's library scan, its accounts and who may sign up.
 * Shown to admins only; the server checks every call again.
 */
export function AdminPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const baseId = useId();
  if (!user.admin) return <NotAllowed />;

  const current: TabId = tabs.find((t) => t.id === params.get('tab'))?.id ?? 'library';
  const select = (id: TabId) =>
    setParams(
      (p) => {
        p.set('tab', id);
        return p;
      },
      { replace: true },
    );

  function onKey(e: KeyboardEvent<HTMLButtonElement>) {
    const i = tabs.findIndex((t) => t.id === current);
    const moves: Record<string, number> = {
      ArrowRight: (i + 1) % tabs.length,
      ArrowLeft: (i - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[next]!;
    select(tab.id);
    document.getElementById(`${baseId}-tab-${tab.id}`)?.focus();
  }

  const active = tabs.find((t) => t.id === current)!;
  return (
    <div className="page admin">
      <PageHeader
        eyebrow="Server"
        title="Admin"
        description="Your music folders, the people on this server and who may join."
      />
      <div className="admin-tabs" role="tablist" aria-label="Admin sections">
        {tabs.map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            id={`${baseId}-tab-${id}`}
            type="button"
            role="tab"
            className="admin-tabs__tab"
            aria-selected={id === current}
            aria-controls={`${baseId}-panel`}
            tabIndex={id === current ? 0 : -1}
            onClick={() => select(id)}
            onKeyDown={onKey}
          >
            <Icon size={18} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${current}`}
        className="admin-panel"
      >
        <active.Panel />
      </div>
    </div>
  );
}

function NotAllowed() {
  return (
    <div className="page">
      <title>Not allowed · Musicify</title>
      <EmptyState
        icon={ShieldAlert}
        title="Admins only"
        action={
          <ButtonLink to="/home" variant="secondary">
            Back home
          </ButtonLink>
        }
      >
        This page is for the people who run this server. Ask an admin if you need something changed.
      </EmptyState>
    </div>
  );
}
