import { useQuery } from '@tanstack/react-query';
import { Headphones, LogIn, Radio, Square, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, ButtonLink, EmptyState, PageHero, PageLoader } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { ClockSync } from '@/lib/clock-sync';
import { formatDuration, formatTime, plural } from '@/lib/format';
import { withNext } from '@/lib/next-path';
import { displayName } from '@/lib/song';
import { visitorJamQuery, type VisitorEntry, type VisitorJam } from '../api/jams';
import { jamPosition, useJamAudio } from '../hooks/use-jam-audio';
import { useHttpClock } from '../live/use-http-clock';
import { JamArt } from './JamArt';
import './jam.css';

/** The answers that end a visit: no key, a dead key, no Jam, an ended one. */
function goneStatus(err: unknown): number | null {
  return err instanceof ApiError && [401, 403, 404, 410].includes(err.status) ? err.status : null;
}

/**
 * `/jam/:id?listen=KEY` for someone signed out: the Jam as it plays, heard
 * at the same second as its members once they press Listen, read again
 * every few seconds. Nothing here changes the Jam; signing in leads back
 * to it, to join.
 */
export function VisitorJamPage({ id, listenKey }: { id: string; listenKey: string }) {
  const jam = useQuery(visitorJamQuery(id, listenKey));
  const signIn = withNext('/login', `/jam/${id}`);
  const signUp = withNext('/', `/jam/${id}`);
  const gone = goneStatus(jam.error);
  if (jam.isPending) return <PageLoader />;
  if (gone !== null || !jam.data)
    return <VisitGone status={gone} error={jam.error} signIn={signIn} signUp={signUp} />;
  if (jam.data.ended)
    return <VisitGone status={410} error={null} signIn={signIn} signUp={signUp} />;
  return <VisitorRoom jam={jam.data} signIn={signIn} signUp={signUp} />;
}

interface Links {
  /** Sign in, then back to the Jam (to join). */
  signIn: string;
  /** Sign up, then back to the Jam. */
  signUp: string;
}

function VisitGone({
  status,
  error,
  signIn,
  signUp,
}: Links & {
  status: number | null;
  error: unknown;
}) {
  const [title, text] =
    status === 410
      ? ['This Jam has ended', 'The host ended it. Thanks for listening along.']
      : status === 404
        ? ['There is no such Jam', 'Ask whoever sent the link for a new one.']
        : status === 401 || status === 403
          ? [
              'This listen-only link no longer works',
              'The host turned listening without an account off. Ask them for a new link, or sign in to join.',
            ]
          : ['We could not load this Jam', errorMessage(error)];
  return (
    <div className="page jam-visit">
      <title>{`${title} · Musicify`}</title>
      <EmptyState
        icon={Users}
        title={title}
        action={
          <div className="jam-visit__gone-actions">
            <ButtonLink to={signUp}>Create an account</ButtonLink>
            <ButtonLink to={signIn} variant="secondary">
              Sign in
            </ButtonLink>
          </div>
        }
      >
        {text}
      </EmptyState>
    </div>
  );
}

function VisitorRoom({ jam, signIn, signUp }: Links & { jam: VisitorJam }) {
  const clock = useHttpClock(true);
  const audio = useRef<HTMLAudioElement>(null);
  const [listening, setListening] = useState(false);
  const sound = useJamAudio(audio, jam, clock, listening, 1, () => undefined);
  const host = displayName(jam.host.username);
  const current = jam.queue[0];
  const songs = jam.queue.length + jam.more;

  const listen = () => {
    // Started inside the click, so that every browser lets it make a sound;
    // the Jam's clock then moves it to the right second.
    const el = audio.current;
    const src = current?.song.audio;
    if (el && src) {
      const href = new URL(src, window.location.href).href;
      if (el.src !== href) el.src = href;
      void el.play().catch(() => undefined);
    }
    setListening(true);
  };

  return (
    <div className="page jam jam-visit">
      <title>{`${host}'s Jam · Musicify`}</title>
      {/* Music without words to caption; the page names the song. */}
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
      <audio ref={audio} className="jam-audio" preload="auto" />
      <PageHero
        eyebrow="Listen-only · Jam"
        title={`${host}'s Jam`}
        tint="violet"
        art={<JamArt />}
        meta={[plural(jam.listeners, 'listener'), plural(songs, 'song')]}
        description="Hear what everyone in this Jam hears, at the same second. No account needed."
        actions={
          <>
            {listening ? (
              <Button
                size="lg"
                variant="secondary"
                onClick={() => setListening(false)}
                icon={<Square size={18} aria-hidden="true" />}
              >
                Stop listening
              </Button>
            ) : (
              <Button
                size="lg"
                onClick={listen}
                disabled={!current}
                icon={<Headphones size={20} aria-hidden="true" />}
              >
                Listen
              </Button>
            )}
            <ButtonLink
              to={signIn}
              size="lg"
              variant="secondary"
              icon={<LogIn size={18} aria-hidden="true" />}
            >
              Sign in to join
            </ButtonLink>
          </>
        }
      />

      <VisitorNowPlaying jam={jam} clock={clock} listening={listening} />
      {listening && sound.blocked && (
        <Button
          className="jam-listen"
          onClick={sound.resume}
          icon={<Headphones size={18} aria-hidden="true" />}
        >
          Tap to listen here
        </Button>
      )}

      <div className="jam-grid">
        <section className="jam-panel" aria-labelledby="jam-queue-title">
          <h2 id="jam-queue-title" className="jam-panel__title">
            Up next
          </h2>
          <VisitorQueue jam={jam} />
        </section>
        <aside className="jam-side">
          <section className="jam-panel jam-visit__about" aria-labelledby="jam-visit-about">
            <h2 id="jam-visit-about" className="jam-panel__title">
              You're listening along
            </h2>
            <p>
              {`${host} shared this Jam with a listen-only link. Join with an account to add songs, vote to skip and see who's in.`}
            </p>
            <ButtonLink to={signIn} variant="secondary" block>
              Sign in to join
            </ButtonLink>
            <ButtonLink to={signUp} variant="ghost" block>
              Create an account
            </ButtonLink>
          </section>
        </aside>
      </div>
    </div>
  );
}

/** The song playing, where it is, and whether it is heard here. */
function VisitorNowPlaying({
  jam,
  clock,
  listening,
}: {
  jam: VisitorJam;
  clock: ClockSync;
  listening: boolean;
}) {
  const [now, setNow] = useState(() => clock.serverNow());
  useEffect(() => {
    const t = setInterval(() => setNow(clock.serverNow()), 500);
    return () => clearInterval(t);
  }, [clock]);
  const entry = jam.queue[0];
  if (!entry) {
    return (
      <section className="jam-now jam-now--empty" aria-label="Now playing in the Jam">
        <p>Nothing is playing yet. The Jam starts as soon as someone in it adds a song.</p>
      </section>
    );
  }
  const d = entry.song.duration;
  const at = Math.min(d || Infinity, Math.max(0, jamPosition(jam, now)));
  return (
    <section className="jam-now" aria-label="Now playing in the Jam">
      <img className="jam-now__cover" src={entry.song.cover} alt="" width={120} height={120} />
      <div className="jam-now__body">
        <p className="jam-now__eyebrow">
          {jam.playing ? (
            <span className="jam-live">
              <span className="jam-live__dot" aria-hidden="true" />
              Live
            </span>
          ) : (
            <span className="jam-live jam-live--paused">Paused</span>
          )}
          {listening && jam.playing && entry.song.audio !== '' && (
            <span className="jam-now__here">
              <Radio size={14} aria-hidden="true" /> Playing here
            </span>
          )}
        </p>
        <p className="jam-now__title">{entry.song.song}</p>
        <p className="jam-now__artist">{entry.song.artist}</p>
        <div className="jam-now__progress">
          <span>{formatTime(at)}</span>
          <progress max={d || 1} value={at} aria-label="Position in the song" />
          <span>{formatTime(d)}</span>
        </div>
        <p className="jam-now__by">{addedBy(entry)}</p>
        {listening && entry.song.audio === '' && (
          <p className="jam-now__note">
            This song's file plays only for people signed in; you'll hear the Jam again from the
            next song.
          </p>
        )}
        <span className="jam-now__state">{jam.playing ? 'Playing for everyone' : 'Paused'}</span>
      </div>
    </section>
  );
}

function addedBy(e: VisitorEntry): string {
  if (!e.addedBy) return e.reason ?? 'Picked by the Jam';
  return `Added by ${displayName(e.addedBy.username)}`;
}

/** The songs after the one playing, to read only. */
function VisitorQueue({ jam }: { jam: VisitorJam }) {
  const next = jam.queue.slice(1);
  if (next.length === 0) {
    return <p className="jam-queue__empty">Nothing queued after this song yet.</p>;
  }
  return (
    <>
      <ol className="jam-queue" aria-label="Up next in the Jam">
        {next.map((e) => (
          <li key={e.id} className="jam-queue__row">
            <img src={e.song.coverSmall} alt="" width={44} height={44} />
            <span className="jam-queue__text">
              <span className="jam-queue__title">{e.song.song}</span>
              <span className="jam-queue__meta">
                {e.song.artist} · {formatDuration(e.song.duration)}
              </span>
              <span className="jam-queue__by">{addedBy(e)}</span>
            </span>
          </li>
        ))}
      </ol>
      {jam.more > 0 && (
        <p className="jam-queue__empty">{`And ${plural(jam.more, 'more song')}.`}</p>
      )}
    </>
  );
}
