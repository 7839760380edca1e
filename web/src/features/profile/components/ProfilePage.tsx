import { Link } from 'react-router';
import { ListMusic, LogOut, Mail, UserPlus, Users } from 'lucide-react';
import { PlaylistCard, usePlaylists } from '@/components/playlists';
import {
  Avatar,
  Button,
  ButtonLink,
  EmptyState,
  PageHero,
  Section,
  Spinner,
} from '@/components/ui';
import { useFollowCount } from '@/lib/follows';
import { noun } from '@/lib/format';
import { useSession } from '@/lib/session';
import './profile.css';

/** How many playlists the profile shows before 'See all'. */
const SHOWN_PLAYLISTS = 6;

interface CountLinkProps {
  to: string;
  count: number | undefined;
  /** The label for one, and for any other number. */
  one: string;
  many?: string;
}

function CountLink({ to, count, one, many }: CountLinkProps) {
  return (
    <ButtonLink to={to} variant="secondary" size="sm" className="profile-count">
      {count !== undefined && <strong className="profile-count__n">{count}</strong>}{' '}
      {noun(count ?? 0, one, many)}
    </ButtonLink>
  );
}

/**
 * `/profile`: the signed-in user's own profile. Followers shows the number
 * of followers and Following the number followed (the original app showed
 * the second twice).
 */
export function ProfilePage() {
  const { user, signOut, signingOut } = useSession();
  const followers = useFollowCount('followers', user.username);
  const followings = useFollowCount('followings', user.username);
  const playlists = usePlaylists();

  return (
    <div className="page">
      <title>Profile · Musicify</title>
      <PageHero
        eyebrow="Profile"
        title={user.username}
        art={<Avatar name={user.username} src={user.picture} size={208} />}
        round
        meta={[
          <>
            <Mail size={16} aria-hidden="true" /> {user.email}
          </>,
        ]}
        actions={
          <>
            <CountLink to="/followers" count={followers.data} one="Follower" />
            <CountLink to="/followings" count={followings.data} one="Following" many="Following" />
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
      <Section
        title="Your playlists"
        action={
          playlists.isSuccess && playlists.data.length > SHOWN_PLAYLISTS ? (
            <Link to="/playlist">See all</Link>
          ) : undefined
        }
      >
        {playlists.isPending ? (
          <div className="row-loader">
            <Spinner label="Loading" />
          </div>
        ) : playlists.isSuccess && playlists.data.length > 0 ? (
          <ul className="pl-grid" aria-label="Your playlists">
            {playlists.data.slice(0, SHOWN_PLAYLISTS).map((p) => (
              <li key={p._id}>
                <PlaylistCard playlist={p} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={ListMusic}
            title="No playlists yet"
            compact
            action={<ButtonLink to="/playlist">Make a playlist</ButtonLink>}
          >
            Playlists you make show up here for others to see.
          </EmptyState>
        )}
      </Section>
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
          Follow listeners to see what they upload, like and collect on your Home.
        </EmptyState>
      </Section>
    </div>
  );
}
