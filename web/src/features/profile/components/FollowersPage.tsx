import { Heart, HeartHandshake } from 'lucide-react';
import { Button, ButtonLink, EmptyState, PageHeader, PageLoader, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/song';
import { useFollowers } from '../api/get-followers';
import { useRemoveFollower } from '../api/remove-follower';
import { PersonCard, sinceText } from './PersonCard';
import './profile.css';

/** `/followers`: the people who follow you; the heart removes one. */
export function FollowersPage() {
  const followers = useFollowers();
  const remove = useRemoveFollower();
  const toast = useToast();

  let body;
  if (followers.isPending) {
    body = <PageLoader />;
  } else if (followers.isError) {
    body = (
      <EmptyState
        icon={HeartHandshake}
        title="We could not load your followers"
        action={<Button onClick={() => void followers.refetch()}>Try again</Button>}
      >
        {errorMessage(followers.error)}
      </EmptyState>
    );
  } else if (followers.data.length === 0) {
    body = (
      <EmptyState
        icon={HeartHandshake}
        title="No followers yet"
        action={<ButtonLink to="/allusers">Find people</ButtonLink>}
      >
        When someone follows you, they show up here.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="people" aria-label="Followers">
        {followers.data.map((r) => (
          <PersonCard
            key={r._id}
            username={r.followerusername}
            note={`Follows you since ${sinceText(r.since)}`}
            actions={
              <button
                type="button"
                className="person__icon person__icon--heart"
                onClick={() =>
                  remove.mutate(r, {
                    onSuccess: () => toast.success(`${r.followerusername} no longer follows you`),
                    onError: (err) => toast.error(errorMessage(err)),
                  })
                }
                aria-label="Remove follower"
                title={`Remove ${r.followerusername} from your followers`}
              >
                <Heart size={20} fill="currentColor" aria-hidden="true" />
              </button>
            }
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="page">
      <PageHeader
        eyebrow="Profile"
        title="Followers"
        description={
          followers.isSuccess && followers.data.length > 0
            ? followers.data.length === 1
              ? '1 person follows you.'
              : `${plural(followers.data.length, 'person', 'people')} follow you.`
            : 'People who follow you.'
        }
      />
      {body}
    </div>
  );
}
