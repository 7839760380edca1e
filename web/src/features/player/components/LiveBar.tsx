import { Link } from 'react-router';
import { AlertCircle, Play, Radio, Square } from 'lucide-react';
import {
  resumeLiveRadio,
  setLiveVolume,
  stopLiveRadio,
  toggleLiveMute,
  type LiveStation,
} from '@/lib/live-radio';
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

function StopButton({ size }: { size: 'sm' | 'md' }) {
  return (
    <button
      type="button"
      className={`pbtn pbtn--play pbtn--play-${size}`}
      onClick={stopLiveRadio}
      aria-label="Stop the radio"
      title="Stop (Space)"
    >
      <Square size={size === 'md' ? 14 : 18} fill="currentColor" aria-hidden="true" />
    </button>
  );
}

/**
 * The player bar while a radio station plays, on any page: the station, a
 * Live badge, Stop and the station's volume. A live station has no position to seek.
 */
export function LiveBar({ station }: { station: LiveStation }) {
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
    <span className="live__status">Everyone hears the same second</span>
  );

  return (
    <section className="player player--live" aria-label="Player">
      <div className="mini">
        <Link className="mini__open" to="/join" aria-label={`Open the radio: ${station.name}`}>
          <span className="live__art live__art--sm" aria-hidden="true">
            <Radio size={20} />
          </span>
          <span className="mini__text">
            <span className="mini__title">{station.name}</span>
            <span className="mini__artist">
              <LiveBadge /> by {station.by}
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
        <StopButton size="sm" />
      </div>

      <div className="bar">
        <div className="bar__now">
          <span className="live__art" aria-hidden="true">
            <Radio size={26} />
          </span>
          <div className="bar__text">
            <span className="bar__title" title={station.name}>
              {station.name}
            </span>
            <span className="bar__artist">by {station.by}</span>
          </div>
        </div>
        <div className="bar__center live__center">
          <div className="live__controls">
            <LiveBadge />
            <StopButton size="md" />
          </div>
          {status}
        </div>
        <div className="bar__extras">
          <Link className="pbtn pbtn--small" to="/join" aria-label="Radio" title="Radio">
            <Radio size={18} aria-hidden="true" />
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
