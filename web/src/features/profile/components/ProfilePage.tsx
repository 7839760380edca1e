import { Link } from 'react-router';
import { LogOut, Mail, UserPlus, Users } from 'lucide-react';
import { Button, ButtonLink, EmptyState, ProfileHero, Section } from '@/components/ui';
import { useSession } from '@/lib/session';

/** `/profile`: the signed-in user's own profile. */
export function ProfilePage() {
  const { user, signOut, signingOut } = useSession();

  return (
    <div className="page">
      <title>Profile · Musicify</title>
      <ProfileHero
        name={user.username}
        meta={
          <span>
            <Mail size={16} aria-hidden="true" /> {user.email}
          </span>
        }
        actions={
          <>
            <ButtonLink to="/followers" variant="secondary" size="sm">
              Followers
            </ButtonLink>
            <ButtonLink to="/followings" variant="secondary" size="sm">
              Following
            </ButtonLink>
            <Button
              variant="ghost"
              size="sm"
              icon={<LogOut size={16} aria-hidden="true" />}
              onClick={signOut}
              loading={signingOut}
            >
              Log out
            </Button>
          </>
        }
      />
      <Section title="People on Musicify" action={<Link to="/allusers">View All</Link>}>
        <EmptyState
          icon={Users}
          title="Find people who share your taste"
          compact
          action={
            <ButtonLink to="/allusers" icon={<UserPlus size={18} aria-hidden="true" />}>
              Browse users
            </ButtonLink>
          }
        >
          See who else listens here and open their profiles and playlists.
        </EmptyState>
      </Section>
    </div>
  );
}
