import { Link } from 'react-router';
import { UserPlus, Users } from 'lucide-react';
import { CardPlay, CardRow } from '@/components/cards';
import { PlaylistCover } from '@/components/playlists';
import { SongCover } from '@/components/songs';
import { ButtonLink, EmptyState, Section, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { playSongs } from '@/lib/player-store';
import { playlistPath } from '@/lib/playlist';
import type { Song } from '@/lib/song';
import { useFeed, type FeedItem } from '../api/get-feed';
import { feedSentence, timeAgo } from '../feed';

/** 'From people you follow': their uploads, likes and new playlists; a card plays or opens it. */
export function FeedRow() {
  const feed = useFeed();
  const items = (feed.data ?? []).filter((item) => feedSentence(item) !== null);
  return (
    <Section
      title="From people you follow"
      action={items.length > 0 ? <Link to="/allusers">Find more people</Link> : undefined}
    >
      <FeedBody feed={feed} items={items} />
    </Section>
  );
}

function FeedBody({ feed, items }: { feed: ReturnType<typeof useFeed>; items: FeedItem[] }) {
  if (feed.isPending) {
    return (
      <div className="row-loader">
        <Spinner label="Loading" />
      </div>
    );
  }
  if (feed.isError) {
    return (
      <EmptyState icon={Users} title="We could not load what your people are up to" compact>
        {errorMessage(feed.error)}
      </EmptyState>
    );
  }

  if (items.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="Follow people to see what they play"
        compact
        action={
          <ButtonLink to="/allusers" icon={<UserPlus size={18} aria-hidden="true" />}>
            Find people
          </ButtonLink>
        }
      >
        Their new uploads, likes and playlists show up here.
      </EmptyState>
    );
  }

  // A click on a song plays it, with the other songs of the row after it.
  const songs = items.map((i) => i.song).filter((s): s is Song => s !== undefined);

  return (
    <CardRow label="From people you follow">
      {items.map((item, i) => {
        const sentence = feedSentence(item)!;
        const label = `${sentence.who} ${sentence.verb} ${sentence.what}`;
        const text = (
          <>
            <span className="feed-card__line">
              <strong>{sentence.who}</strong> {sentence.verb}
            </span>
            <span className="feed-card__what">{sentence.what}</span>
            <span className="feed-card__when">{timeAgo(item.at)}</span>
          </>
        );
        const key = `${item.kind}-${item.user}-${item.at}-${i}`;
        if (item.playlist) {
          return (
            <li key={key}>
              <Link to={playlistPath(item.playlist._id)} className="feed-card" aria-label={label}>
                <PlaylistCover playlist={item.playlist} size={320} className="feed-card__cover" />
                {text}
              </Link>
            </li>
          );
        }
        const song = item.song!;
        return (
          <li key={key}>
            <button
              type="button"
              className="feed-card has-card-play"
              aria-label={label}
              onClick={() => playSongs(songs, songs.indexOf(song))}
            >
              <span className="feed-card__art">
                <SongCover src={song.cover} size={320} className="feed-card__cover" />
                <CardPlay className="feed-card__play" />
              </span>
              {text}
            </button>
          </li>
        );
      })}
    </CardRow>
  );
}
