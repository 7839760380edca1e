import { Link } from 'react-router';
import { Mic2, Play, Sparkles } from 'lucide-react';
import { EmptyState, Section } from '@/components/ui';
import { useSession } from '@/lib/session';
import { greetingFor } from '../greeting';
import { FeedRow } from './FeedRow';
import './home.css';

/** `/home`: a greeting, Top Songs, what the people you follow did, and the recommendations. */
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
          <Link to="/player/top" className="top-card">
            <span className="top-card__art" aria-hidden="true">
              <span className="top-card__rank">#1</span>
            </span>
            <span className="top-card__body">
              <span className="top-card__title">Top Songs</span>
              <span className="top-card__text">The most played tracks on Musicify right now</span>
            </span>
            <span className="top-card__play" aria-hidden="true">
              <Play size={20} fill="currentColor" />
            </span>
          </Link>
        </div>
      </Section>

      <FeedRow />

      <Section title="Recommended Artist For you">
        <EmptyState icon={Mic2} title="Artists picked for you land here" compact>
          Play a few songs and we will suggest artists that fit your taste.
        </EmptyState>
      </Section>

      <Section title="Songs Recommended For you">
        <EmptyState icon={Sparkles} title="Your recommendations are warming up" compact>
          Listen for a little while and fresh picks will show up here.
        </EmptyState>
      </Section>
    </div>
  );
}
