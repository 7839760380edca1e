import { useId } from 'react';
import { AlertCircle, LogOut, Play, Volume2, VolumeX } from 'lucide-react';
import { Avatar, Button, Slider } from '@/components/ui';
import type { Station } from '../api/types';
import { IN_SYNC, type StationPlayback } from '../hooks/use-station-audio';
import type { LiveStatus } from '../live/radio-live';
import { displayName, formatClock } from '../schedule';

interface StationPanelProps {
  station: Station;
  playback: StationPlayback;
  /** Usernames tuned in now. */
  users: string[];
  me: string;
  status: LiveStatus;
  volume: number;
  muted: boolean;
  onVolume: (value: number) => void;
  onToggleMute: () => void;
  onResume: () => void;
  onLeave: () => void;
}

/** How the listener is doing against the station's clock, in a few words. */
function syncText(status: LiveStatus, drift: number | null): string {
  if (status === 'reconnecting' || status === 'connecting') return 'Reconnecting…';
  if (drift === null) return 'Tuning in…';
  if (Math.abs(drift) <= IN_SYNC) return 'In sync with everyone';
  return 'Catching up…';
}

/** The joined station: what plays, where the loop is, who listens, volume and Leave. */
export function StationPanel({
  station,
  playback,
  users,
  me,
  status,
  volume,
  muted,
  onVolume,
  onToggleMute,
  onResume,
  onLeave,
}: StationPanelProps) {
  const titleId = useId();
  const listenersId = useId();
  const total = station.duration;
  const position = Math.min(total, Math.max(0, playback.position));
  const fill = total > 0 ? (position / total) * 100 : 0;
  const silent = muted || volume === 0;
  const others = users.filter((u) => u !== me);
  const ordered = users.includes(me) ? [me, ...others] : others;
  const inSync = playback.drift !== null && Math.abs(playback.drift) <= IN_SYNC;

  return (
    <section className="radio-panel" aria-labelledby={titleId}>
      <div className="radio-panel__head">
        <Avatar name={station.radio_name} size={112} />
        <div className="radio-panel__title">
          <p className="radio-panel__eyebrow">
            <span className="radio-live">
              <span className="radio-live__dot" aria-hidden="true" />
              Live
            </span>
            Now playing
          </p>
          <h2 id={titleId} className="radio-panel__name">
            {station.radio_name}
          </h2>
          <p className="radio-panel__by">by {displayName(station.username)}</p>
        </div>
        <Button
          variant="secondary"
          className="radio-panel__leave"
          icon={<LogOut size={18} aria-hidden="true" />}
          onClick={onLeave}
        >
          Leave
        </Button>
      </div>

      <div className="radio-panel__progress">
        <div
          className="radio-progress"
          role="progressbar"
          aria-label="Position in the station's loop"
          aria-valuemin={0}
          aria-valuemax={Math.round(total)}
          aria-valuenow={Math.round(position)}
          aria-valuetext={`${formatClock(position)} of ${formatClock(total)}`}
        >
          <span className="radio-progress__bar" style={{ width: `${fill}%` }} />
        </div>
        <div className="radio-panel__times">
          <span>{formatClock(position)}</span>
          {!playback.failed && (
            <span
              className={inSync ? 'radio-sync radio-sync--ok' : 'radio-sync'}
              data-drift-ms={
                playback.drift === null ? undefined : Math.round(playback.drift * 1000)
              }
              title={
                playback.drift === null
                  ? undefined
                  : `${Math.round(Math.abs(playback.drift) * 1000)} ms from the station's clock`
              }
            >
              {syncText(status, playback.drift)}
            </span>
          )}
          <span>{formatClock(total)}</span>
        </div>
      </div>

      {playback.failed && (
        <p className="radio-panel__failure" role="alert">
          <AlertCircle size={18} aria-hidden="true" />
          <span>{playback.failed}</span>
        </p>
      )}

      <div className="radio-panel__foot">
        <div className="radio-panel__listeners">
          <h3 id={listenersId} className="radio-panel__label">
            Listening now · {users.length}
          </h3>
          <ul className="radio-people" aria-labelledby={listenersId}>
            {ordered.map((u) => (
              <li key={u} className="radio-person">
                <Avatar name={u} size={26} />
                <span>
                  {displayName(u)}
                  {u === me && <span className="radio-person__you"> (you)</span>}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="radio-panel__controls">
          {playback.blocked && !playback.failed && (
            <Button icon={<Play size={18} aria-hidden="true" />} onClick={onResume}>
              Start listening
            </Button>
          )}
          <button
            type="button"
            className="radio-icon-btn"
            onClick={onToggleMute}
            aria-label={silent ? 'Unmute' : 'Mute'}
            aria-pressed={silent}
          >
            {silent ? (
              <VolumeX size={20} aria-hidden="true" />
            ) : (
              <Volume2 size={20} aria-hidden="true" />
            )}
          </button>
          <Slider
            className="radio-panel__volume"
            label="Station volume"
            value={muted ? 0 : volume}
            max={100}
            onValueChange={onVolume}
            valueText={`${muted ? 0 : volume}%`}
          />
        </div>
      </div>
    </section>
  );
}
