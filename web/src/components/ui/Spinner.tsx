import { CloudOff } from 'lucide-react';
import { useWaitingForNetwork } from '@/lib/offline/waiting';
import { ButtonLink } from './Button';
import { EmptyState } from './EmptyState';
import './Spinner.css';

interface SpinnerProps {
  /** Read to screen readers; omit when the spinner sits in a labelled busy control. */
  label?: string;
  size?: number;
}

export function Spinner({ label, size = 20 }: SpinnerProps) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
    >
      {label && <span className="visually-hidden">{label}</span>}
    </span>
  );
}

/** A page's wait for its data; offline, with nothing kept, it says so instead. */
export function PageLoader({ full = false }: { full?: boolean }) {
  const offline = useWaitingForNetwork();
  return (
    <div className={full ? 'page-loader page-loader--full' : 'page-loader'}>
      {offline ? (
        <EmptyState
          icon={CloudOff}
          title="This page isn’t available offline"
          action={<ButtonLink to="/downloads">Go to your downloads</ButtonLink>}
        >
          It wasn’t opened before you went offline. Your downloads play without a connection.
        </EmptyState>
      ) : (
        <Spinner label="Loading" size={32} />
      )}
    </div>
  );
}
