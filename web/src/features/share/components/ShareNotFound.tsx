import { Link2Off } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';
import type { ShareType } from '@/lib/share-links';

interface ShareNotFoundProps {
  type: ShareType | null;
  signedIn: boolean;
  /** A sentence of the server's, when it was something other than 'not found'. */
  reason?: string;
}

/** A link to something that is not there (any more). */
export function ShareNotFound({ type, signedIn, reason }: ShareNotFoundProps) {
  const title =
    type === 'playlist' ? 'Shared playlist' : type === 'song' ? 'Shared song' : 'Shared link';
  const what = type ?? 'item';
  return (
    <div className={signedIn ? 'page' : 'share-public share-public--missing'}>
      <PageHeader eyebrow="Shared with you" title={title} />
      <EmptyState
        icon={Link2Off}
        title={reason ? `We could not open this ${what}` : `This ${what} is not here any more`}
        action={
          signedIn ? (
            <ButtonLink to="/home">Go to Home</ButtonLink>
          ) : (
            <ButtonLink to="/">Discover Musicify</ButtonLink>
          )
        }
      >
        {reason ?? 'It may have been deleted, or the link was cut short. Ask for a new link.'}
      </EmptyState>
    </div>
  );
}
