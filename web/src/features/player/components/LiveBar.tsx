import { Link } from 'react-router';
import { AlertCircle, Play, Radio, Square, Users } from 'lucide-react';
import {
  resumeLiveRadio,
  setLiveVolume,
  stopLiveRadio,
  toggleLiveMute,
  type LiveStation,
} from '@/lib/live-radio';
import { DEFAULT_COVER } from '@/lib/song';
import { ShortcutsButton, VolumeControl } from './controls';
import { SleepTimer } from './SleepTimer';

/** The red dot and the word: what plays is live, the same second for everyone. */
function LiveBadge() {
  return (
    <span className="live-badge">
      <span className="live-badge__dot" aria-hidden="true" />
      Live
    </span>
  );
}

/** Stops the station, or the Jam on this device only: the person stays in the Jam. */
function StopButton({ size, jam }: { size: 'sm' | 'md'; jam: boolean }) {
  return (
    <button
      type="button"
      className={`pbtn pbtn--play pbtn--play-${size}`}
      onClick={stopLiveRadio}
      aria-label={jam ? 'Stop listening here' : 'Stop the radio'}
      title="Stop (Space)"
    >
      <Square size={size === 'md' ? 14 : 18} fill="currentColor" aria-hidden="true" />
    </button>
  );
}

/** The Jam's song cover, or the radio's mark. */
function LiveArt({ station, size }: { station: LiveStation; size: 'sm' | 'md' }) {
  const className = size === 'sm' ? 'live__art live__art--sm' : 'live__art';
  if (station.kind === 'jam') {
    const px = size === 'sm' ? 42 : 56;
    return (
      <img
        className={className}
        src={station.cover || DEFAULT_COVER}
        alt=""
        width={px}
        height={px}
      />
    );
  }
  return (
    <span className={className} aria-hidden="true">
      <Radio size={size === 'sm' ? 20 : 26} />
    </span>
  );
}

/**
 * The player bar while a radio station or a Jam plays, on any page: what
 * plays, a Live badge, Stop and the volume. Live audio has no position to seek.
 */
export function LiveBar({ station }: { station: LiveStation }) {
  const jam = station.kind === 'jam';
  // A station says who made it; a Jam, the song everyone hears.
  const detail = jam ? station.song : `by ${station.by}`;
  const status = station.failed ? (
    <span className="live__status live__status--failed" role="alert">
      <AlertCircle size={14} aria-hidden="true" />
      {station.failed}
    </span>
  ) : station.blocked ? (
    <button type="button" className="live__resume" onClick={resumeLiveRadio}>
      <Play size={14} fill="currentColor" aria-hidden="true" />
      Start listening
    </button>
  ) : (
    <span className="live__status">
      {station.paused ? 'Paused for everyone' : 'Everyone hears the same second'}
    </span>
  );

  return (
    <section className="player player--live" aria-label="Player">
      <div className="mini">
        <Link
          className="mini__open"
          to={station.href}
          aria-label={`${jam ? 'Open the Jam' : 'Open the radio'}: ${station.name}`}
        >
          <LiveArt station={station} size="sm" />
          <span className="mini__text">
            <span className="mini__title">{station.name}</span>
            <span className="mini__artist">
              <LiveBadge /> {detail}
            </span>
          </span>
        </Link>
        {station.blocked && !station.failed && (
          <button
            type="button"
            className="pbtn"
            onClick={resumeLiveRadio}
            aria-label="Start listening"
          >
            <Play size={20} fill="currentColor" aria-hidden="true" />
          </button>
        )}
        <StopButton size="sm" jam={jam} />
      </div>

      <div className="bar">
        <div className="bar__now">
          <LiveArt station={station} size="md" />
          <div className="bar__text">
            <span className="bar__title" title={station.name}>
              {station.name}
            </span>
            <span className="bar__artist">{detail}</span>
          </div>
        </div>
        <div className="bar__center live__center">
          <div className="live__controls">
            <LiveBadge />
            <StopButton size="md" jam={jam} />
          </div>
          {status}
        </div>
        <div className="bar__extras">
          <Link
            className="pbtn pbtn--small"
            to={station.href}
            aria-label={jam ? 'Jam' : 'Radio'}
            title={jam ? 'Jam' : 'Radio'}
          >
            {jam ? <Users size={18} aria-hidden="true" /> : <Radio size={18} aria-hidden="true" />}
          </Link>
          <SleepTimer />
          <VolumeControl
            volume={station.volume}
            muted={station.muted}
            onVolume={setLiveVolume}
            onToggleMute={toggleLiveMute}
          />
          <ShortcutsButton />
        </div>
      </div>
    </section>
  );
}
