import { Heart } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';

/** `/likes`: the songs you liked. */
export function LikesPage() {
  return (
    <div className="page">
      <PageHeader eyebrow="Library" title="Liked Songs" />
      <EmptyState
        icon={Heart}
        title="Songs you like will appear here"
        action={<ButtonLink to="/songs">Browse songs</ButtonLink>}
      >
        Tap the heart on any song to save it.
      </EmptyState>
    </div>
  );
}
