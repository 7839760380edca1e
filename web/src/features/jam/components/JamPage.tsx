import { useQuery } from '@tanstack/react-query';
import {
  Copy,
  Headphones,
  Pause,
  Play,
  SkipBack,
  SkipForward,
  Speaker,
  Users,
  X,
} from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import QRCode from 'qrcode';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Button,
  ButtonLink,
  EmptyState,
  PageHero,
  PageLoader,
  Switch,
  useToast,
} from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { ClockSync } from '@/lib/clock-sync';
import { formatTime, plural } from '@/lib/format';
import { joinedJam, setJoinedJam } from '@/lib/jam';
import { withNext } from '@/lib/next-path';
import { useOptionalSession, useSession } from '@/lib/session';
import { displayName, songArtist } from '@/lib/song';
import {
  jamQuery,
  listenLink,
  useEndJam,
  useJamPlayback,
  useJamSettings,
  useJoinJam,
  useLeaveJam,
  useRemoveMember,
  type Jam,
} from '../api/jams';
import { resumeJamHere, setJamHere, useJamBlocked, useJamHere } from '../here';
import { jamPosition } from '../hooks/use-jam-audio';
import { useJamLive } from '../live/use-jam-live';
import { JamAddSongs } from './JamAddSongs';
import { JamArt } from './JamArt';
import { JamQueue } from './JamQueue';
import { VisitorJamPage } from './VisitorJamPage';
import './jam.css';

/**
 * `/jam/:id`: a Jam's shared queue, what plays, who is in, and the link to
 * ask more. Someone signed out who holds the listen-only link
 * (`?listen=KEY`) listens along; anyone else signed out signs in first.
 */
export function JamPage() {
  const { id = '' } = useParams();
  const session = useOptionalSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const key = params.get('listen');
  if (session) return <MemberJamPage id={id} />;
  if (key) return <VisitorJamPage id={id} listenKey={key} />;
  const target = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={withNext('/login', target)} replace />;
}

function MemberJamPage({ id }: { id: string }) {
  const jam = useQuery(jamQuery(id));
  const out = jam.data && (jam.data.ended || !jam.data.member);
  useEffect(() => {
    if (out) forgetIfJoined(id);
  }, [out, id]);
  if (jam.isPending) return <PageLoader />;
  if (jam.isError) {
    const missing = jam.error instanceof ApiError && jam.error.status === 404;
    return (
      <div className="page">
        <EmptyState
          icon={Users}
          title={missing ? 'There is no such Jam' : 'We could not load this Jam'}
          action={<ButtonLink to="/jam">Start your own</ButtonLink>}
        >
          {missing ? 'Ask whoever sent the link for a new one.' : errorMessage(jam.error)}
        </EmptyState>
      </div>
    );
  }
  if (jam.data.ended) {
    return (
      <div className="page">
        <title>Jam ended · Musicify</title>
        <EmptyState
          icon={Users}
          title="This Jam has ended"
          action={<ButtonLink to="/jam">Start your own</ButtonLink>}
        >
          {`${jam.data.isHost ? 'You' : displayName(jam.data.host.username)} ended it. Thanks for listening together.`}
        </EmptyState>
      </div>
    );
  }
  if (!jam.data.member) return <JoinJam jam={jam.data} />;
  return <JamRoom jam={jam.data} />;
}

/** This browser is no longer in the Jam: song menus stop offering it. */
function forgetIfJoined(id: string) {
  if (joinedJam.get() === id) setJoinedJam(null);
}

function JoinJam({ jam }: { jam: Jam }) {
  const join = useJoinJam(jam.id);
  const toast = useToast();
  const host = displayName(jam.host.username);
  return (
    <div className="page">
      <title>{`${host}'s Jam · Musicify`}</title>
      <PageHero
        eyebrow="You're invited"
        title={`${host}'s Jam`}
        tint="violet"
        art={<JamArt />}
        meta={plural(jam.memberCount, 'person', 'people') + ' listening'}
        description="Join to add songs to the shared queue and hear what they hear, at the same second."
        actions={
          <Button
            size="lg"
            loading={join.isPending}
            onClick={() =>
              join.mutate(undefined, { onError: (err) => toast.error(errorMessage(err)) })
            }
          >
            Join the Jam
          </Button>
        }
      />
    </div>
  );
}

function JamRoom({ jam }: { jam: Jam }) {
  const { user } = useSession();
  const clock = useJamLive(jam.id);
  // The shell's dock plays the Jam, on this page and every other: this page switches it.
  const here = useJamHere();
  const blocked = useJamBlocked();
  const toast = useToast();
  const onError = (err: unknown) => toast.error(errorMessage(err));
  const host = displayName(jam.host.username);
  const hereId = useId();
  useEffect(() => setJoinedJam(jam.id), [jam.id]);

  return (
    <div className="page jam">
      <title>{`${host}'s Jam · Musicify`}</title>
      <PageHero
        eyebrow="Jam"
        title={jam.isHost ? 'Your Jam' : `${host}'s Jam`}
        tint="violet"
        art={<JamArt />}
        meta={[plural(jam.memberCount, 'person', 'people'), plural(jam.queue.length, 'song')]}
        actions={<JamExit jam={jam} />}
      />

      <NowPlaying jam={jam} clock={clock} onError={onError} />
      {here && blocked && (
        <Button
          className="jam-listen"
          onClick={resumeJamHere}
          icon={<Speaker size={18} aria-hidden="true" />}
        >
          Tap to listen here
        </Button>
      )}

      <div className="jam-grid">
        <section className="jam-panel" aria-labelledby="jam-queue-title">
          <h2 id="jam-queue-title" className="jam-panel__title">
            Up next
          </h2>
          <JamAddSongs jamId={jam.id} />
          <JamQueue jam={jam} me={user._id} />
        </section>
        <aside className="jam-side">
          <section className="jam-panel" aria-labelledby={hereId}>
            <div className="jam-setting">
              <span id={hereId} className="jam-setting__text">
                Play on this device
                <small>Off: this device only controls, while another plays for the room.</small>
              </span>
              <Switch
                aria-labelledby={hereId}
                checked={here}
                onChange={(e) => setJamHere(e.target.checked)}
              />
            </div>
            {jam.isHost && <GuestsSetting jam={jam} />}
            {jam.isHost && <VisitorsSetting jam={jam} />}
          </section>
          <Invite jam={jam} />
          <Members jam={jam} me={user._id} />
        </aside>
      </div>
    </div>
  );
}

/** The first song with where it is, and the controls the caller may use. */
function NowPlaying({
  jam,
  clock,
  onError,
}: {
  jam: Jam;
  clock: ClockSync;
  onError: (e: unknown) => void;
}) {
  const playback = useJamPlayback(jam.id);
  const [now, setNow] = useState(() => clock.serverNow());
  useEffect(() => {
    const t = setInterval(() => setNow(clock.serverNow()), 500);
    return () => clearInterval(t);
  }, [clock]);
  const entry = jam.queue[0];
  if (!entry) {
    return (
      <section className="jam-now jam-now--empty" aria-label="Now playing in the Jam">
        <p>The queue is empty. Add a song and it starts for everyone.</p>
      </section>
    );
  }
  const d = entry.song.duration;
  const at = Math.min(d || Infinity, Math.max(0, jamPosition(jam, now)));
  const act = (action: 'play' | 'pause' | 'next' | 'previous') =>
    playback.mutate({ action }, { onError });
  return (
    <section className="jam-now" aria-label="Now playing in the Jam">
      <img className="jam-now__cover" src={entry.song.cover} alt="" width={120} height={120} />
      <div className="jam-now__body">
        <p className="jam-now__title">{entry.song.song}</p>
        <p className="jam-now__artist">{songArtist(entry.song)}</p>
        <div className="jam-now__progress">
          <span>{formatTime(at)}</span>
          <progress max={d || 1} value={at} aria-label="Position in the song" />
          <span>{formatTime(d)}</span>
        </div>
        <div className="jam-now__controls">
          {jam.canControl ? (
            <>
              <Button variant="ghost" aria-label="Previous" onClick={() => act('previous')}>
                <SkipBack size={20} aria-hidden="true" />
              </Button>
              <Button
                className="jam-now__play"
                aria-label={jam.playing ? 'Pause for everyone' : 'Play for everyone'}
                onClick={() => act(jam.playing ? 'pause' : 'play')}
              >
                {jam.playing ? (
                  <Pause size={22} aria-hidden="true" />
                ) : (
                  <Play size={22} aria-hidden="true" />
                )}
              </Button>
              <Button variant="ghost" aria-label="Next" onClick={() => act('next')}>
                <SkipForward size={20} aria-hidden="true" />
              </Button>
            </>
          ) : (
            <Button
              variant="secondary"
              onClick={() => act('next')}
              icon={<SkipForward size={18} aria-hidden="true" />}
            >
              {`Vote to skip (${jam.votes}/${jam.votesNeeded})`}
            </Button>
          )}
          <span className="jam-now__state">{jam.playing ? 'Playing for everyone' : 'Paused'}</span>
        </div>
      </div>
    </section>
  );
}

function GuestsSetting({ jam }: { jam: Jam }) {
  const settings = useJamSettings(jam.id);
  const toast = useToast();
  const id = useId();
  return (
    <div className="jam-setting">
      <span id={id} className="jam-setting__text">
        Guests control
        <small>Let everyone pause, skip, reorder and remove. Off: their skips are votes.</small>
      </span>
      <Switch
        aria-labelledby={id}
        checked={jam.guestsControl}
        onChange={(e) =>
          settings.mutate(
            { guestsControl: e.target.checked },
            { onError: (err) => toast.error(errorMessage(err)) },
          )
        }
      />
    </div>
  );
}

/** The host lets people without an account listen through a link of its own. */
function VisitorsSetting({ jam }: { jam: Jam }) {
  const settings = useJamSettings(jam.id);
  const toast = useToast();
  const id = useId();
  return (
    <div className="jam-setting">
      <span id={id} className="jam-setting__text">
        Let people listen without an account
        <small>
          Anyone with the listen-only link hears the Jam; they cannot add, vote or skip.
        </small>
      </span>
      <Switch
        aria-labelledby={id}
        checked={jam.visitors}
        onChange={(e) =>
          settings.mutate(
            { visitors: e.target.checked },
            { onError: (err) => toast.error(errorMessage(err)) },
          )
        }
      />
    </div>
  );
}

/** A link in a read-only box with its Copy button. */
function CopyLink({ label, link, copyLabel }: { label: string; link: string; copyLabel?: string }) {
  const toast = useToast();
  return (
    <div className="jam-invite">
      <input readOnly value={link} aria-label={label} onFocus={(e) => e.target.select()} />
      <Button
        variant="secondary"
        size="sm"
        aria-label={copyLabel}
        icon={<Copy size={16} aria-hidden="true" />}
        onClick={() =>
          void navigator.clipboard.writeText(link).then(
            () => toast.success('Link copied'),
            () => toast.error('Copy the link from the box instead.'),
          )
        }
      >
        Copy
      </Button>
    </div>
  );
}

/** The link as a QR code, for a phone in the same room to scan. */
function useQrCode(text: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => undefined, // the link is there to copy
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}

function Invite({ jam }: { jam: Jam }) {
  const link = `${window.location.origin}/jam/${jam.id}`;
  const qr = useQrCode(link);
  return (
    <section className="jam-panel" aria-labelledby="jam-invite-title">
      <h2 id="jam-invite-title" className="jam-panel__title">
        Invite friends
      </h2>
      <CopyLink label="Jam link" link={link} />
      {qr && (
        <img
          className="jam-invite__qr"
          src={qr}
          alt="QR code of the Jam's link"
          width={160}
          height={160}
        />
      )}
      {jam.visitors && jam.visitorKey && (
        <div className="jam-invite__listen">
          <p className="jam-invite__label">
            <Headphones size={16} aria-hidden="true" />
            Listen-only link
            <small>No account needed</small>
          </p>
          <CopyLink
            label="Listen-only link"
            link={listenLink(jam.id, jam.visitorKey)}
            copyLabel="Copy the listen-only link"
          />
        </div>
      )}
    </section>
  );
}

function Members({ jam, me }: { jam: Jam; me: string }) {
  const remove = useRemoveMember(jam.id);
  const toast = useToast();
  return (
    <section className="jam-panel" aria-labelledby="jam-members-title">
      <h2 id="jam-members-title" className="jam-panel__title">
        {`In the Jam (${jam.members.length})`}
      </h2>
      <ul className="jam-members">
        {jam.members.map((m) => (
          <li key={m._id}>
            <span>
              {displayName(m.username)}
              {m._id === jam.host._id && <small> · host</small>}
              {m._id === me && <small> · you</small>}
            </span>
            {jam.isHost && m._id !== me && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${displayName(m.username)} from the Jam`}
                onClick={() =>
                  remove.mutate(m._id, { onError: (err) => toast.error(errorMessage(err)) })
                }
              >
                <X size={16} aria-hidden="true" />
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Leave (a guest) or End for everyone (the host), who then sees it ended. */
function JamExit({ jam }: { jam: Jam }) {
  const leave = useLeaveJam(jam.id);
  const end = useEndJam(jam.id);
  const navigate = useNavigate();
  const toast = useToast();
  const onError = (err: unknown) => toast.error(errorMessage(err));
  return jam.isHost ? (
    <Button
      variant="danger"
      loading={end.isPending}
      onClick={() => end.mutate(undefined, { onError })}
    >
      End the Jam
    </Button>
  ) : (
    <Button
      variant="secondary"
      loading={leave.isPending}
      // The page leaves the Jam's room as the answer comes: navigate from the promise.
      onClick={() => leave.mutateAsync().then(() => navigate('/jam'), onError)}
    >
      Leave
    </Button>
  );
}
