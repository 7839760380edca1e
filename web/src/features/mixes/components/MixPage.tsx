import { useQuery } from '@tanstack/react-query';
import { ListPlus, Sparkles } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { MixCover } from '@/components/mixes';
import { CollectionActions, QueueListMenu, SongList } from '@/components/songs';
import { Button, ButtonLink, EmptyState, PageHero, PageLoader, useToast } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { songsSummary } from '@/lib/format';
import { playlistPath } from '@/lib/playlist';
import { playable } from '@/lib/song';
import { mixQuery, useSaveMix } from '../api/get-mix';
import './mix.css';

/** What an empty mix says, by kind: why it is empty and what fills it. */
const emptyText: Record<string, string> = {
  'discover-weekly': 'Play a few songs and your first Discover Weekly will be ready.',
  'on-repeat': 'Songs you play at least twice in 30 days will appear here.',
  'release-radar':
    'New songs from the people you follow and the artists you play will appear here.',
  'repeat-rewind': 'Songs you played a lot and then left for a month come back here.',
};

/** `/mix/:id`: a mix made for you, to play, queue or keep as a playlist. */
export function MixPage() {
  const { id = '' } = useParams();
  const mix = useQuery(mixQuery(id));
  const save = useSaveMix();
  const toast = useToast();
  const navigate = useNavigate();

  if (mix.isPending) return <PageLoader />;
  if (mix.isError) {
    const missing = mix.error instanceof ApiError && mix.error.status === 404;
    return (
      <div className="page">
        <EmptyState
          icon={Sparkles}
          title={missing ? 'There is no such mix' : 'We could not load this mix'}
          action={<ButtonLink to="/home">Back to Home</ButtonLink>}
        >
          {missing ? 'The mixes made for you are on Home.' : errorMessage(mix.error)}
        </EmptyState>
      </div>
    );
  }

  const { mix: info, songs } = mix.data;
  const queue = playable(songs);
  const reasons = new Map(songs.map((s) => [s._id, s.reason?.text]));
  return (
    <div className="page">
      <title>{`${info.name} · Musicify`}</title>
      <PageHero
        eyebrow="Made for you"
        title={info.name}
        art={<MixCover mix={info} size={640} />}
        meta={
          <>
            {info.description} · {songsSummary(songs)}
          </>
        }
      />
      {queue.length > 0 && (
        <CollectionActions songs={queue}>
          <Button
            size="lg"
            variant="ghost"
            icon={<ListPlus size={20} aria-hidden="true" />}
            loading={save.isPending}
            aria-label="Keep as playlist"
            className="mix-keep"
            onClick={() =>
              save.mutate(info.id, {
                onSuccess: (res) => {
                  toast.success(`Kept as “${res.playlist.name}”`);
                  void navigate(playlistPath(res.playlist._id));
                },
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          >
            <span className="mix-keep__text">Keep as playlist</span>
          </Button>
          <QueueListMenu songs={queue} name={info.name} />
        </CollectionActions>
      )}
      {songs.length === 0 ? (
        <EmptyState
          icon={Sparkles}
          title="Nothing here yet"
          action={<ButtonLink to="/songs">Browse songs</ButtonLink>}
        >
          {emptyText[info.id] ?? 'Play more and this mix fills up.'}
        </EmptyState>
      ) : (
        <SongList songs={songs} label={info.name} noteOf={(s) => reasons.get(s._id)} />
      )}
    </div>
  );
}
