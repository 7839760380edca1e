import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, LogOut, MonitorDown, Settings, UserRound } from 'lucide-react';
import { Avatar, Spinner } from '@/components/ui';
import { promptInstall, useCanInstall } from '@/features/offline/install-prompt';
import { useSession } from '@/lib/session';

/** The signed-in user in the top bar, with Profile, Settings, Install app and Log out. */
export function UserMenu() {
  const { user, signOut, signingOut } = useSession();
  const canInstall = useCanInstall();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      className="usermenu"
      ref={rootRef}
      onBlur={(e) => {
        // Tabbing out of the menu closes it.
        if (open && !rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="usermenu__button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${user.username}`}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar name={user.username} src={user.pictureSmall} size={30} />
        <span className="usermenu__name">{user.username}</span>
        <ChevronDown size={16} aria-hidden="true" className="usermenu__chevron" />
      </button>
      <div id={menuId} className="usermenu__panel" hidden={!open}>
        <div className="usermenu__who">
          <p className="usermenu__who-name">{user.username}</p>
          <p className="usermenu__who-email">{user.email}</p>
        </div>
        <ul>
          <li>
            <Link to="/profile" className="usermenu__item" onClick={() => setOpen(false)}>
              <UserRound size={18} aria-hidden="true" /> Profile
            </Link>
          </li>
          <li>
            <Link to="/settings" className="usermenu__item" onClick={() => setOpen(false)}>
              <Settings size={18} aria-hidden="true" /> Settings
            </Link>
          </li>
          {canInstall && (
            <li>
              <button
                type="button"
                className="usermenu__item"
                onClick={() => {
                  setOpen(false);
                  void promptInstall();
                }}
              >
                <MonitorDown size={18} aria-hidden="true" /> Install app
              </button>
            </li>
          )}
          <li>
            <button
              type="button"
              className="usermenu__item"
              onClick={signOut}
              disabled={signingOut}
            >
              {signingOut ? <Spinner size={18} /> : <LogOut size={18} aria-hidden="true" />} Log out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
