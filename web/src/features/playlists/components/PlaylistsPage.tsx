import { ListMusic } from 'lucide-react';
import { EmptyState, PageHeader } from '@/components/ui';

/** `/playlist`: the user's playlists; creating them arrives with the playlists issue. */
export function PlaylistsPage() {
  return (
    <div className="page">
      <PageHeader
        eyebrow="Library"
        title="Your Playlists"
        description="Collections you have built."
      />
      <EmptyState icon={ListMusic} title="You have no playlists yet">
        Soon you can gather your favourite songs into playlists, give them a cover and share them.
      </EmptyState>
    </div>
  );
}
