import { Mic2 } from 'lucide-react';
import { EmptyState, PageHeader } from '@/components/ui';

/** `/artist`: every artist with songs on this server. */
export function ArtistsPage() {
  return (
    <div className="page">
      <PageHeader eyebrow="Library" title="Artists" description="The voices behind the music." />
      <EmptyState icon={Mic2} title="No artists yet">
        Artists appear here as soon as their songs are uploaded.
      </EmptyState>
    </div>
  );
}
