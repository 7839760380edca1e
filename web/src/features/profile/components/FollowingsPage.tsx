import { UserPlus } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';

/** `/followings`: the people you follow. */
export function FollowingsPage() {
  return (
    <div className="page">
      <PageHeader eyebrow="Profile" title="Following" description="People you follow." />
      <EmptyState
        icon={UserPlus}
        title="You're not following anyone yet"
        action={<ButtonLink to="/allusers">Find people</ButtonLink>}
      >
        Follow listeners to keep up with their playlists.
      </EmptyState>
    </div>
  );
}
