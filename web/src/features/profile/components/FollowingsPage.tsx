import { UserMinus, UserPlus } from 'lucide-react';
import { Button, ButtonLink, EmptyState, PageHeader, PageLoader, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useFollowings, useToggleFollow } from '@/lib/follows';
import { userPath } from '@/lib/playlist';
import { plural } from '@/lib/song';
import { PersonCard, sinceText } from './PersonCard';
import './profile.css';

/** `/followings`: the people you follow, with Unfollow and a link to each profile. */
export function FollowingsPage() {
  const followings = useFollowings();
  const toggle = useToggleFollow();
  const toast = useToast();

  let body;
  if (followings.isPending) {
    body = <PageLoader />;
  } else if (followings.isError) {
    body = (
      <EmptyState
        icon={UserPlus}
        title="We could not load whom you follow"
        action={<Button onClick={() => void followings.refetch()}>Try again</Button>}
      >
        {errorMessage(followings.error)}
      </EmptyState>
    );
  } else if (followings.data.length === 0) {
    body = (
      <EmptyState
        icon={UserPlus}
        title="You're not following anyone yet"
        action={<ButtonLink to="/allusers">Find people</ButtonLink>}
      >
        Follow listeners to keep up with their playlists.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="people" aria-label="Following">
        {followings.data.map((r) => (
          <PersonCard
            key={r.userId}
            username={r.followingusername}
            note={`Following since ${sinceText(r.since)}`}
            actions={
              <>
                <ButtonLink to={userPath(r.followingusername)} variant="secondary" size="sm">
                  Profile
                </ButtonLink>
                <button
                  type="button"
                  className="person__icon"
                  onClick={() =>
                    toggle.mutate(
                      { userId: r.userId, username: r.followingusername, follow: false },
                      {
                        onSuccess: () => toast.success(`You unfollowed ${r.followingusername}`),
                        onError: (err) => toast.error(errorMessage(err)),
                      },
                    )
                  }
                  aria-label="Unfollow"
                  title={`Unfollow ${r.followingusername}`}
                >
                  <UserMinus size={20} aria-hidden="true" />
                </button>
              </>
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
        title="Following"
        description={
          followings.isSuccess && followings.data.length > 0
            ? `You follow ${plural(followings.data.length, 'person', 'people')}.`
            : 'People you follow.'
        }
      />
      {body}
    </div>
  );
}
