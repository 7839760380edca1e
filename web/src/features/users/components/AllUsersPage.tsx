import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar, EmptyState, PageHeader, PageLoader } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { userPath } from '@/lib/playlist';
import { useAllUsers } from '../api/get-all-users';
import { FollowButton } from '@/components/follow';
import { personName, personNote } from '@/lib/follows';
import './users.css';

/** `/allusers`: everyone else on this server, each with Follow or Following. */
export function AllUsersPage() {
  const users = useAllUsers();

  return (
    <div className="page">
      <PageHeader
        eyebrow="Community"
        title="All users"
        description="People listening on this Musicify. Follow them to see what they play."
      />
      {users.isPending ? (
        <PageLoader />
      ) : users.isError ? (
        <EmptyState icon={Users} title="We could not load the people here">
          {errorMessage(users.error)}
        </EmptyState>
      ) : users.data.length === 0 ? (
        <EmptyState icon={Users} title="It's just you for now">
          Invite a friend: once they sign up, they appear here.
        </EmptyState>
      ) : (
        <ul className="user-grid" aria-label="Users">
          {users.data.map((u) => (
            <li key={u._id} className="user-card">
              <Avatar name={personName(u)} src={u.picture} size={88} />
              <p className="user-card__name">{personName(u)}</p>
              <p className="user-card__role">{personNote(u)}</p>
              <Link
                className="user-card__link"
                to={userPath(u.username)}
                aria-label={`View profile of ${personName(u)}`}
              />
              <div className="user-card__action">
                <FollowButton userId={u._id} username={u.username} following={u.following} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
