import { Link } from 'react-router';
import { CardPlay } from '@/components/cards';
import { Section } from '@/components/ui';
import { useSession } from '@/lib/session';
import { greetingFor } from '../greeting';
import { FeedRow } from './FeedRow';
import { MadeForYou } from './MadeForYou';
import { RecentAlbums } from './RecentAlbums';
import { RecommendedArtists, RecommendedSongs } from './Recommendations';
import './home.css';

/**
 * `/home`: a greeting, the original app's three sections (Top Songs,
 * Recommended Artist For you, Songs Recommended For you) with the mixes
 * made for you after Top Songs, the latest albums and what the people you
 * follow did.
 */
export function HomePage() {
  const { user } = useSession();
  const greeting = greetingFor(new Date());

  return (
    <div className="page home">
      <title>Home · Musicify</title>
      <h1 className="home__greeting">
        {greeting}, <span className="home__name">{user.username}</span>
      </h1>

      <Section title="Top Songs">
        <div className="home__top">
          <Link to="/player/top" className="top-card has-card-play">
            <span className="top-card__art" aria-hidden="true">
              <span className="top-card__rank">#1</span>
            </span>
            <span className="top-card__body">
              <span className="top-card__title">Top Songs</span>
              <span className="top-card__text">The most played tracks on Musicify right now</span>
            </span>
            <CardPlay className="top-card__play" />
          </Link>
        </div>
      </Section>

      <MadeForYou />
      <RecommendedArtists />
      <RecommendedSongs />
      <RecentAlbums />
      <FeedRow />
    </div>
  );
}
