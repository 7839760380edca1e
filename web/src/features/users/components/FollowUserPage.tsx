import { Link, useSearchParams } from 'react-router';
import { ListMusic, Mail, UserSearch } from 'lucide-react';
import { PlaylistCard } from '@/components/playlists';
import { Avatar, ButtonLink, EmptyState, PageHero, PageLoader, Section } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFollowCount, useFollowings } from '@/lib/follows';
import { useSession } from '@/lib/session';
import { plural } from '@/lib/song';
import { useUserProfile } from '../api/get-user-profile';
import { FollowButton } from '@/components/follow';
import './users.css';

/** A count of people, or an ellipsis while it loads. */
function count(value: number | undefined, one: string, many?: string): string {
  return value === undefined ? '…' : plural(value, one, many);
}

/** `/followuser?username=…`: another user's profile with their playlists and Follow. */
export function FollowUserPage() {
  const { user: me } = useSession();
  const [params] = useSearchParams();
  const username = params.get('username')?.trim() || null;
  const profile = useUserProfile(username);
  const followings = useFollowings();
  const shownName = profile.data?.user.username ?? username ?? '';
  const followers = useFollowCount('followers', shownName);
  const following = useFollowCount('followings', shownName);

  if (username === null) {
    return (
      <div className="page">
        <title>Profile · Musicify</title>
        <EmptyState
          icon={UserSearch}
          title="Whose profile would you like to see?"
          action={<ButtonLink to="/allusers">Browse all users</ButtonLink>}
        >
          Pick someone from the list of users.
        </EmptyState>
      </div>
    );
  }

  if (profile.isPending) return <PageLoader />;

  if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className="page">
        <title>Profile · Musicify</title>
        <EmptyState
          icon={UserSearch}
          title={
            notFound ? `There is no user called ${username}` : 'We could not load this profile'
          }
          action={<ButtonLink to="/allusers">Browse all users</ButtonLink>}
        >
          {notFound
            ? 'Check the name, or find them in the list of users.'
            : errorMessage(profile.error)}
        </EmptyState>
      </div>
    );
  }

  const { user, playlist } = profile.data;
  const isMe = user._id === me._id;
  const iFollow = followings.data?.some((r) => r.userId === user._id) ?? false;
  return (
    <div className="page">
      <title>{`${user.username} · Musicify`}</title>
      <PageHero
        eyebrow="Profile"
        title={user.username}
        art={<Avatar name={user.username} src={user.picture} size={208} />}
        round
        meta={[
          user.email && (
            <>
              <Mail size={16} aria-hidden="true" /> {user.email}
            </>
          ),
          count(followers.data, 'follower'),
          count(following.data, 'following', 'following'),
        ]}
        actions={
          isMe ? (
            <ButtonLink to="/profile" variant="secondary" size="sm">
              This is you: open your profile
            </ButtonLink>
          ) : followings.isSuccess ? (
            <FollowButton
              userId={user._id}
              username={user.username}
              following={iFollow}
              size="md"
            />
          ) : undefined
        }
      />
      <Section title="Playlists">
        {playlist.length === 0 ? (
          <EmptyState
            icon={ListMusic}
            title={`${user.username} has no public playlists yet`}
            compact
          />
        ) : (
          <ul className="pl-grid" aria-label={`Playlists by ${user.username}`}>
            {playlist.map((p) => (
              <li key={p._id}>
                <PlaylistCard playlist={p} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      {!isMe && (
        <p className="user-back">
          <Link to="/allusers">See everyone on Musicify</Link>
        </p>
      )}
    </div>
  );
}
