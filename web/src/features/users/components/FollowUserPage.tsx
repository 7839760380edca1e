import { Link, useSearchParams } from 'react-router';
import { ListMusic, Mail, UserSearch } from 'lucide-react';
import { ButtonLink, EmptyState, PageLoader, ProfileHero, Section } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUserProfile } from '../api/get-user-profile';
import './users.css';

/** `/followuser?username=…`: another user's profile with their playlists. */
export function FollowUserPage() {
  const [params] = useSearchParams();
  const username = params.get('username')?.trim() || null;
  const profile = useUserProfile(username);

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
  return (
    <div className="page">
      <title>{`${user.username} · Musicify`}</title>
      <ProfileHero
        name={user.username}
        meta={
          <span>
            <Mail size={16} aria-hidden="true" /> {user.email}
          </span>
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
          <ul className="playlist-links">
            {playlist.map((p) => (
              <li key={p._id}>
                <Link to={`/player/${encodeURIComponent(p.name)}`}>{p.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
