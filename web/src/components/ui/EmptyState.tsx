import type { ComponentType, ReactNode } from 'react';
import './EmptyState.css';

interface EmptyStateProps {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean; strokeWidth?: number }>;
  title: string;
  children?: ReactNode;
  /** A call to action, usually a ButtonLink. */
  action?: ReactNode;
  compact?: boolean;
}

/** What a list shows when it has nothing yet: calm, with a way onwards. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  compact = false,
}: EmptyStateProps) {
  return (
    <div className={compact ? 'empty empty--compact' : 'empty'}>
      <div className="empty__icon">
        <Icon size={compact ? 22 : 28} aria-hidden strokeWidth={1.8} />
      </div>
      <p className="empty__title">{title}</p>
      {children && <p className="empty__text">{children}</p>}
      {action && <div className="empty__action">{action}</div>}
    </div>
  );
}
