import { ListOrdered } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';

/** `/queue`: what plays next. */
export function QueuePage() {
  return (
    <div className="page">
      <PageHeader eyebrow="Player" title="Queue" />
      <EmptyState
        icon={ListOrdered}
        title="Your queue is empty"
        action={<ButtonLink to="/songs">Find something to play</ButtonLink>}
      >
        Songs you line up to play next will wait here.
      </EmptyState>
    </div>
  );
}
