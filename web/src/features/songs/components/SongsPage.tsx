import { Music2, Upload } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';
import { useSearchTerm } from '@/lib/store';

/** `/songs`: every song; the catalog arrives in a later issue. */
export function SongsPage() {
  const term = useSearchTerm();
  return (
    <div className="page">
      <PageHeader
        eyebrow="Library"
        title="Songs"
        description={
          term ? `Showing songs for “${term}”.` : 'Everything you can play on this server.'
        }
      />
      <EmptyState
        icon={Music2}
        title={term ? `No songs match “${term}” yet` : 'No songs here yet'}
        action={
          <ButtonLink to="/upload" icon={<Upload size={18} aria-hidden="true" />}>
            Upload a song
          </ButtonLink>
        }
      >
        Upload your first track and it will show up here for everyone to enjoy.
      </EmptyState>
    </div>
  );
}
