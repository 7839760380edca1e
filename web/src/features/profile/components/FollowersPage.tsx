import { HeartHandshake } from 'lucide-react';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';

/** `/followers`: the people who follow you; following arrives in a later issue. */
export function FollowersPage() {
  return (
    <div className="page">
      <PageHeader eyebrow="Profile" title="Followers" description="People who follow you." />
      <EmptyState
        icon={HeartHandshake}
        title="No followers yet"
        action={<ButtonLink to="/allusers">Find people</ButtonLink>}
      >
        When someone follows you, they show up here.
      </EmptyState>
    </div>
  );
}
