import { useId, type ReactNode } from 'react';
import './Section.css';

interface SectionProps {
  title: string;
  /** A link beside the title, such as 'Show all'. */
  action?: ReactNode;
  children: ReactNode;
}

/** A titled block of a page; the heading names the region. */
export function Section({ title, action, children }: SectionProps) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section__head">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
