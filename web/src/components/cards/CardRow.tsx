import type { ReactNode } from 'react';
import './cards.css';

interface CardRowProps {
  /** The list's accessible name. */
  label: string;
  children: ReactNode;
  /** 'row' scrolls sideways (Home); 'grid' wraps (search results). */
  layout?: 'row' | 'grid';
}

/** A list of cards: one row that scrolls sideways, or a wrapping grid. */
export function CardRow({ label, children, layout = 'row' }: CardRowProps) {
  return (
    <ul className={`cards cards--${layout}`} aria-label={label}>
      {children}
    </ul>
  );
}
