import { useSearchParams } from 'react-router';
import { Share2 } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';

/** `/share?type=song|playlist&id=…`: what someone shared with you. */
export function SharePage() {
  const [params] = useSearchParams();
  const type = params.get('type') === 'playlist' ? 'playlist' : 'song';

  return (
    <div className="page">
      <PageHeader
        eyebrow="Shared with you"
        title={type === 'playlist' ? 'Shared playlist' : 'Shared song'}
      />
      <EmptyState
        icon={Share2}
        title={`This shared ${type} is not available yet`}
        action={<ButtonLink to="/home">Go to Home</ButtonLink>}
      >
        Shared links open right here once sharing arrives.
      </EmptyState>
    </div>
  );
}
