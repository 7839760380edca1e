import { useState } from 'react';
import { NavLink } from 'react-router';
import {
  Check,
  Info,
  ListMusic,
  Keyboard,
  Pause,
  Play,
  Repeat,
  Repeat1,
  RotateCcw,
  RotateCw,
  Shuffle,
  SkipBack,
  SkipForward,
  Sparkles,
  Volume,
  Volume1,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { MoreLikeThisDialog, SongInfoDialog } from '@/components/songs';
import { Menu, Slider, type MenuItem } from '@/components/ui';
import {
  cycleRepeat,
  next,
  previous,
  RATE_DEFAULT,
  seekTo,
  setRate,
  setVolume,
  skip,
  SKIP_SECONDS,
  togglePlay,
  toggleMute,
  toggleShuffle,
  usePlayer,
  VOLUME_MAX,
  type RepeatMode,
} from '@/lib/player-store';
import { formatTime, type Song } from '@/lib/song';
import { formatRate } from '../audio-math';
import { openShortcuts } from '../shortcuts-dialog';

type Size = 'sm' | 'md' | 'lg';

export function PlayPauseButton({ size = 'md' }: { size?: Size }) {
  const playing = usePlayer((s) => s.playing);
  const icon = { sm: 20, md: 18, lg: 30 }[size];
  return (
    <button
      type="button"
      className={`pbtn pbtn--play pbtn--play-${size}`}
      onClick={togglePlay}
      aria-label={playing ? 'Pause' : 'Play'}
      title={playing ? 'Pause (Space)' : 'Play (Space)'}
    >
      {playing ? (
        <Pause size={icon} fill="currentColor" aria-hidden="true" />
      ) : (
        <Play size={icon} fill="currentColor" aria-hidden="true" className="pbtn__play-icon" />
      )}
    </button>
  );
}

/** Never disabled: on the first song it takes the song back to its start. */
export function PreviousButton({ size = 20 }: { size?: number }) {
  return (
    <button
      type="button"
      className="pbtn"
      onClick={previous}
      aria-label="Previous"
      title="Previous (P)"
    >
      <SkipBack size={size} fill="currentColor" aria-hidden="true" />
    </button>
  );
}

export function NextButton({ size = 20 }: { size?: number }) {
  return (
    <button type="button" className="pbtn" onClick={next} aria-label="Next" title="Next (N)">
      <SkipForward size={size} fill="currentColor" aria-hidden="true" />
    </button>
  );
}

export function SkipButton({
  direction,
  size = 20,
}: {
  direction: 'back' | 'forward';
  size?: number;
}) {
  const back = direction === 'back';
  const Icon = back ? RotateCcw : RotateCw;
  return (
    <button
      type="button"
      className="pbtn pbtn--skip"
      onClick={() => skip(back ? -SKIP_SECONDS : SKIP_SECONDS)}
      aria-label={back ? 'Skip back 10 seconds' : 'Skip forward 10 seconds'}
      title={back ? 'Back 10 s (←)' : 'Forward 10 s (→)'}
    >
      <Icon size={size + 4} strokeWidth={1.8} aria-hidden="true" />
      <span className="pbtn__skip-label" aria-hidden="true">
        {SKIP_SECONDS}
      </span>
    </button>
  );
}

export function ShuffleButton({ size = 18 }: { size?: number }) {
  const shuffle = usePlayer((s) => s.shuffle);
  return (
    <button
      type="button"
      className={shuffle ? 'pbtn pbtn--toggle pbtn--on' : 'pbtn pbtn--toggle'}
      onClick={() => toggleShuffle()}
      aria-label="Shuffle"
      aria-pressed={shuffle}
      title={shuffle ? 'Shuffle is on' : 'Shuffle'}
    >
      <Shuffle size={size} aria-hidden="true" />
    </button>
  );
}

const REPEAT_TEXT: Record<RepeatMode, { label: string; title: string }> = {
  off: { label: 'Repeat: off', title: 'Repeat is off (R)' },
  all: { label: 'Repeat: all', title: 'Repeating the queue (R)' },
  one: { label: 'Repeat: one', title: 'Repeating this song (R)' },
};

/** Off → all → one: the mode is in the name, the icon and the colour. */
export function RepeatButton({ size = 18 }: { size?: number }) {
  const repeat = usePlayer((s) => s.repeat);
  const Icon = repeat === 'one' ? Repeat1 : Repeat;
  const on = repeat !== 'off';
  return (
    <button
      type="button"
      className={on ? 'pbtn pbtn--toggle pbtn--on' : 'pbtn pbtn--toggle'}
      onClick={cycleRepeat}
      aria-label={REPEAT_TEXT[repeat].label}
      aria-pressed={on}
      title={REPEAT_TEXT[repeat].title}
      data-repeat={repeat}
    >
      <Icon size={size} aria-hidden="true" />
    </button>
  );
}

/** Shuffle, previous, back 10 s, play/pause, forward 10 s, next, repeat. */
export function Transport({ size = 'md' }: { size?: Size }) {
  const icon = size === 'lg' ? 26 : 20;
  const toggle = size === 'lg' ? 22 : 18;
  return (
    <div className={`transport transport--${size}`}>
      <ShuffleButton size={toggle} />
      <PreviousButton size={icon} />
      <SkipButton direction="back" size={icon} />
      <PlayPauseButton size={size} />
      <SkipButton direction="forward" size={icon} />
      <NextButton size={icon} />
      <RepeatButton size={toggle} />
    </div>
  );
}

/** Opens the list of keyboard shortcuts (also `?`). */
export function ShortcutsButton() {
  return (
    <button
      type="button"
      className="pbtn pbtn--small"
      onClick={openShortcuts}
      aria-label="Keyboard shortcuts"
      title="Keyboard shortcuts (?)"
      aria-haspopup="dialog"
    >
      <Keyboard size={18} aria-hidden="true" />
    </button>
  );
}

/** The seek slider between the elapsed and the total time. */
export function SeekBar({ fallbackDuration }: { fallbackDuration: number }) {
  const time = usePlayer((s) => s.time);
  const known = usePlayer((s) => s.duration);
  const duration = known > 0 ? known : fallbackDuration;
  const shown = Math.min(time, duration || time);
  return (
    <div className="seek">
      <span className="seek__time">{formatTime(shown)}</span>
      <Slider
        className="seek__slider"
        label="Seek"
        min={0}
        max={duration > 0 ? duration : 0}
        step="any"
        value={shown}
        valueText={`${formatTime(shown)} of ${formatTime(duration)}`}
        onValueChange={seekTo}
        disabled={!(duration > 0)}
      />
      <span className="seek__time seek__time--total">{formatTime(duration)}</span>
    </div>
  );
}

/** The speeds the menu offers, as the store keeps them (1× is 100). */
export const SPEEDS = [50, 75, 100, 125, 150, 200] as const;

/**
 * The playback speed: a small button that shows it ("1×") and opens the
 * speeds to choose from. A speed set otherwise (a saved odd one) still shows
 * on the button, with no choice checked.
 */
export function SpeedControl() {
  const rate = usePlayer((s) => s.rate);
  const items: MenuItem[] = SPEEDS.map((value) => ({
    label: formatRate(value),
    checked: value === rate,
    icon:
      value === rate ? (
        <Check size={18} aria-hidden="true" />
      ) : (
        <span className="speed__spacer" aria-hidden="true" />
      ),
    onSelect: () => setRate(value),
  }));
  return (
    <Menu
      className={rate === RATE_DEFAULT ? 'speed' : 'speed speed--on'}
      label={`Playback speed: ${formatRate(rate)}`}
      menuLabel="Playback speed"
      items={items}
      trigger={<span className="speed__value">{formatRate(rate)}</span>}
    />
  );
}

interface VolumeProps {
  /** 0–100. */
  volume: number;
  muted: boolean;
  onVolume: (value: number) => void;
  onToggleMute: () => void;
}

/**
 * Mute and the volume slider, for whatever plays: the song player's
 * volume or the station's, each kept in its own store.
 */
export function VolumeControl({ volume, muted, onVolume, onToggleMute }: VolumeProps) {
  const level = muted ? 0 : volume;
  const Icon = level === 0 ? VolumeX : level < 34 ? Volume : level < 67 ? Volume1 : Volume2;
  return (
    <div className="volume">
      <button
        type="button"
        className="pbtn pbtn--small"
        onClick={onToggleMute}
        aria-label={muted || volume === 0 ? 'Unmute' : 'Mute'}
        title={muted || volume === 0 ? 'Unmute (M)' : 'Mute (M)'}
      >
        <Icon size={18} aria-hidden="true" />
      </button>
      <Slider
        className="volume__slider"
        label="Volume"
        min={0}
        max={VOLUME_MAX}
        value={level}
        valueText={`${level}%`}
        onValueChange={onVolume}
      />
    </div>
  );
}

/** The song player's volume. */
export function PlayerVolume() {
  const volume = usePlayer((s) => s.volume);
  const muted = usePlayer((s) => s.muted);
  return (
    <VolumeControl volume={volume} muted={muted} onVolume={setVolume} onToggleMute={toggleMute} />
  );
}

export function QueueLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <NavLink
      to="/queue"
      className={({ isActive }) => (isActive ? 'pbtn pbtn--small pbtn--on' : 'pbtn pbtn--small')}
      aria-label="Queue"
      title="Queue"
      onClick={onNavigate}
    >
      <ListMusic size={18} aria-hidden="true" />
    </NavLink>
  );
}

/**
 * Opens 'More like this' for the song that plays. The dialog keeps that
 * song while the player moves on: asking is a sign of interest in it alone.
 */
export function MoreLikeThisButton({ song }: { song: Song }) {
  const [asked, setAsked] = useState<Song | null>(null);
  return (
    <>
      <button
        type="button"
        className="pbtn pbtn--small"
        onClick={() => setAsked(song)}
        aria-label="More like this"
        title="More like this"
        aria-haspopup="dialog"
      >
        <Sparkles size={18} aria-hidden="true" />
      </button>
      {asked && <MoreLikeThisDialog song={asked} onClose={() => setAsked(null)} />}
    </>
  );
}

/**
 * Opens 'Song info' for the song that plays, kept while the player moves on.
 * `onNavigate` runs when a link in it leaves the page.
 */
export function SongInfoButton({ song, onNavigate }: { song: Song; onNavigate?: () => void }) {
  const [open, setOpen] = useState<Song | null>(null);
  return (
    <>
      <button
        type="button"
        className="pbtn pbtn--small"
        onClick={() => setOpen(song)}
        aria-label="Song info"
        title="Song info"
        aria-haspopup="dialog"
      >
        <Info size={18} aria-hidden="true" />
      </button>
      {open && <SongInfoDialog song={open} onClose={() => setOpen(null)} onNavigate={onNavigate} />}
    </>
  );
}
