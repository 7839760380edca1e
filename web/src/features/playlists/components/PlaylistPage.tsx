import { useParams } from 'react-router';
import { Disc3 } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';

/** `/player/:name`: one playlist; 'top' is the top songs. */
export function PlaylistPage() {
  const { name = '' } = useParams();
  const isTop = name === 'top';
  const title = isTop ? 'Top Songs' : name;

  return (
    <div className="page">
      <PageHeader
        eyebrow="Playlist"
        title={title}
        description={isTop ? 'The most played tracks on Musicify.' : undefined}
      />
      <EmptyState
        icon={Disc3}
        title={isTop ? 'No top songs yet' : 'This playlist is empty'}
        action={<ButtonLink to="/songs">Browse songs</ButtonLink>}
      >
        {isTop
          ? 'Once people start listening, the most played songs gather here.'
          : 'Add songs from the Songs page to start listening.'}
      </EmptyState>
    </div>
  );
}
