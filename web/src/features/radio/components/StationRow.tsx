import { AudioLines, Headphones, Trash2 } from 'lucide-react';
import { Avatar, Button } from '@/components/ui';
import type { Station } from '../api/types';
import { displayName, formatCountdown, formatStart } from '../schedule';

interface StationRowProps {
  station: Station;
  /** The server's clock (ms), ticking each second. */
  now: number;
  listeners: number;
  joined: boolean;
  onJoin: () => void;
  onDelete: () => void;
}

/** How many people listen, as a short phrase. */
export function listening(count: number): string {
  return `${count} listening`;
}

/**
 * One station: its name and creator, then a countdown to the start on the
 * server's clock; from the start on, Live with its listeners and Join.
 */
export function StationRow({ station, now, listeners, joined, onJoin, onDelete }: StationRowProps) {
  const start = Date.parse(station.start);
  const live = now >= start;
  const name = station.radio_name;

  return (
    <li
      className={['radio-row', live && 'radio-row--live', joined && 'radio-row--joined']
        .filter(Boolean)
        .join(' ')}
      aria-label={name}
    >
      <Avatar name={name} size={52} />
      <div className="radio-row__text">
        <p className="radio-row__name">{name}</p>
        <p className="radio-row__by">by {displayName(station.username)}</p>
      </div>
      <div className="radio-row__status">
        {live ? (
          <>
            <span className="radio-live">
              <span className="radio-live__dot" aria-hidden="true" />
              Live
            </span>
            <span className="radio-row__listeners">
              <Headphones size={15} aria-hidden="true" />
              {listening(listeners)}
            </span>
          </>
        ) : (
          <>
            <span className="radio-countdown" role="timer">
              Starts in{' '}
              <span className="radio-countdown__time">{formatCountdown(start - now)}</span>
            </span>
            <span className="radio-row__when">
              <time dateTime={station.start}>{formatStart(start)}</time>
            </span>
          </>
        )}
      </div>
      <div className="radio-row__actions">
        {live &&
          (joined ? (
            <span className="radio-row__tuned">
              <AudioLines size={16} aria-hidden="true" />
              Listening
            </span>
          ) : (
            <Button size="sm" onClick={onJoin} aria-label={`Join ${name}`}>
              Join
            </Button>
          ))}
        {station.mine && (
          <button
            type="button"
            className="radio-icon-btn"
            onClick={onDelete}
            aria-label={`Delete ${name}`}
            title="Delete station"
          >
            <Trash2 size={18} aria-hidden="true" />
          </button>
        )}
      </div>
    </li>
  );
}
