import { Music2, Pause, Play } from 'lucide-react';
import { PlaylistCover } from '@/components/playlists/PlaylistCover';
import { SongCover } from '@/components/songs';
import { ButtonLink, PageLoader } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDuration, formatTime, totalSeconds } from '@/lib/format';
import { withNext } from '@/lib/next-path';
import { usePublicShare, type PublicShare, type PublicTrack } from '@/lib/public-share';
import type { ShareType } from '@/lib/share-links';
import { displayName, plural } from '@/lib/song';
import { usePreview, type PreviewState } from '../hooks/use-preview';
import { ShareNotFound } from './ShareNotFound';

interface PublicSharePageProps {
  type: ShareType;
  id: string;
  /** Where signing up or logging in comes back to. */
  next: string;
}

/**
 * A visitor's view of a shared song or playlist: its cover, its tracks and,
 * when the owner allows, a 30-second preview of each, with Sign up and Log in.
 */
export function PublicSharePage({ type, id, next }: PublicSharePageProps) {
  const shared = usePublicShare(type, id);

  if (shared.isPending) return <PageLoader />;
  if (shared.isError) {
    const missing = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <ShareNotFound
        type={type}
        signedIn={false}
        reason={missing ? undefined : errorMessage(shared.error)}
      />
    );
  }
  return <SharedItem item={shared.data} next={next} />;
}

function SharedItem({ item, next }: { item: PublicShare; next: string }) {
  const { audioRef, state, toggle } = usePreview(item.previewSeconds);
  const by = item.type === 'song' ? displayName(item.by) : item.by;
  const length = totalSeconds(item.tracks);
  const signUp = withNext('/', next);
  const current = item.tracks.find((t) => t._id === state.trackId);
  return (
    <div className="share-visit">
      <article className="share-public" aria-labelledby="share-title">
        <title>{`${item.name} · Musicify`}</title>
        {item.type === 'playlist' ? (
          <PlaylistCover
            playlist={{ cover: item.cover, coverSmall: item.cover, mosaic: item.mosaic }}
            size={260}
            className="share-public__cover"
            eager
          />
        ) : (
          <SongCover src={item.cover} size={640} className="share-public__cover" eager alt="" />
        )}
        <div className="share-public__text">
          <p className="share-public__eyebrow">
            {item.type === 'song' ? 'Shared song' : 'Shared playlist'}
          </p>
          <h1 id="share-title" className="share-public__name">
            {item.name}
          </h1>
          <p className="share-public__meta">
            <span>by {by}</span>
            {item.type === 'playlist' ? (
              <span>
                {plural(item.songs, 'song')}
                {length > 0 && ` · ${formatDuration(length)}`}
              </span>
            ) : (
              <span>
                <Music2 size={14} aria-hidden="true" /> Song
              </span>
            )}
          </p>
          <p className="share-public__pitch">
            {item.previews
              ? `Hear a 30-second preview${item.type === 'song' ? '' : ' of each song'}. Musicify is free: sign up or log in to listen to all of it, and you come right back here.`
              : 'Musicify is free. Sign up or log in to listen, and you come right back here.'}
          </p>
          <div className="share-public__actions">
            <ButtonLink to={signUp} size="lg">
              Sign up
            </ButtonLink>
            <ButtonLink to={withNext('/login', next)} size="lg" variant="secondary">
              Log in
            </ButtonLink>
          </div>
        </div>
      </article>

      {current && (
        <PreviewBar track={current} state={state} limit={item.previewSeconds} signUp={signUp} />
      )}
      {item.tracks.length > 0 && (
        <section className="share-tracks" aria-labelledby="share-tracks-title">
          <header className="share-tracks__head">
            <h2 id="share-tracks-title" className="share-tracks__title">
              {item.type === 'song' ? 'The song' : 'Tracks'}
            </h2>
            {!item.previews && (
              <p className="share-tracks__off">Previews are off for this {item.type}.</p>
            )}
          </header>
          <ol className="share-tracks__list" aria-label={`Tracks in ${item.name}`}>
            {item.tracks.map((track, i) => (
              <TrackRow
                key={track._id}
                track={track}
                index={i + 1}
                active={track._id === state.trackId}
                playing={track._id === state.trackId && state.playing}
                onToggle={() => toggle(track)}
              />
            ))}
          </ol>
        </section>
      )}

      {/* Music without words to caption; the preview bar says what plays. */}
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
      <audio ref={audioRef} preload="none" className="share-preview__audio" />
    </div>
  );
}

interface TrackRowProps {
  track: PublicTrack;
  index: number;
  active: boolean;
  playing: boolean;
  onToggle: () => void;
}

function TrackRow({ track, index, active, playing, onToggle }: TrackRowProps) {
  const artist = displayName(track.artist);
  return (
    <li className={`share-track${active ? ' share-track--active' : ''}`}>
      <span className="share-track__lead">
        {track.preview ? (
          <button
            type="button"
            className="share-track__play"
            onClick={onToggle}
            aria-label={`${playing ? 'Pause' : 'Play'} preview of ${track.name}`}
            aria-pressed={playing}
          >
            {playing ? (
              <Pause size={16} fill="currentColor" aria-hidden="true" />
            ) : (
              <Play size={16} fill="currentColor" aria-hidden="true" />
            )}
          </button>
        ) : (
          <span className="share-track__index" aria-hidden="true">
            {index}
          </span>
        )}
      </span>
      <SongCover src={track.coverSmall} size={44} className="share-track__cover" alt="" />
      <span className="share-track__text">
        <span className="share-track__name">{track.name}</span>
        <span className="share-track__artist">{artist}</span>
      </span>
      <span className="share-track__time">
        {track.duration > 0 ? formatTime(track.duration) : ''}
      </span>
    </li>
  );
}

interface PreviewBarProps {
  track: PublicTrack;
  state: PreviewState;
  limit: number;
  signUp: string;
}

/** The in-page player of a preview: what plays, how far, and what comes after. */
function PreviewBar({ track, state, limit, signUp }: PreviewBarProps) {
  const length = Math.min(limit, track.duration > 0 ? track.duration : limit);
  const done = Math.min(state.time, length);
  return (
    <section className="share-preview" aria-label="Preview player" aria-live="polite">
      <SongCover src={track.coverSmall} size={48} className="share-preview__cover" alt="" />
      <div className="share-preview__body">
        <p className="share-preview__label">Preview · {limit} s</p>
        <p className="share-preview__name">
          {track.name} <span>· {displayName(track.artist)}</span>
        </p>
        {state.ended ? (
          <p className="share-preview__end">
            <a href={signUp}>Sign up to hear the whole song</a>
          </p>
        ) : state.failed ? (
          <p className="share-preview__end">This preview could not be played.</p>
        ) : (
          <div className="share-preview__progress">
            <span
              className="share-preview__bar"
              role="progressbar"
              aria-label="Preview progress"
              aria-valuemin={0}
              aria-valuemax={Math.round(length)}
              aria-valuenow={Math.round(done)}
            >
              <span style={{ width: `${length > 0 ? (done / length) * 100 : 0}%` }} />
            </span>
            <span className="share-preview__time">
              {formatTime(done)} / {formatTime(length)}
            </span>
          </div>
        )}
      </div>
    </section>
  );
}
