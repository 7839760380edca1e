import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  ListMusic,
  MonitorSpeaker,
  Pause,
  Play,
  Repeat,
  Repeat1,
  Shuffle,
  SkipBack,
  SkipForward,
  Volume2,
  X,
} from 'lucide-react';
import { SongCover } from '@/components/songs';
import { Menu, Slider, useToast, type MenuItem } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { setRemoteTarget } from '@/lib/connect';
import type { RepeatMode } from '@/lib/player-store';
import { formatTime, songArtist } from '@/lib/song';
import { devicesQuery, positionNow, sendCommand, type Command, type Device } from '../api/devices';
import { useThisDevice } from '../this-device';
import { DevicesButton } from './DevicesButton';

const NEXT_REPEAT: Record<RepeatMode, RepeatMode> = { off: 'all', all: 'one', one: 'off' };

/** The position of a playing device, moving on each second. */
function usePosition(device: Device): number {
  const [now, setNow] = useState(() => Date.now());
  const playing = device.state.playing;
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [playing]);
  return positionNow(device.state, now);
}

/**
 * The player bar while this browser is a remote: what plays on the other
 * device, and every control sending a command there.
 */
export function RemoteBar({ target }: { target: string }) {
  const { data: devices, isSuccess } = useQuery(devicesQuery());
  const self = useThisDevice();
  const toast = useToast();
  const device = devices?.find((d) => d.id === target);
  // One command after another: five volume steps arrive in the order pressed.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const send = (c: Command) =>
    (chain.current = chain.current.then(() =>
      sendCommand(target, c, self).catch((err: unknown) => toast.error(errorMessage(err))),
    ));

  useEffect(() => {
    if (isSuccess && !device) setRemoteTarget(null); // removed meanwhile
  }, [isSuccess, device]);
  if (!device) return null;
  return <RemoteControls device={device} send={send} />;
}

function RemoteControls({ device, send }: { device: Device; send: (c: Command) => unknown }) {
  const st = device.state;
  const song = st.song;
  const position = usePosition(device);
  const duration = song?.duration ?? 0;
  const shown = duration > 0 ? Math.min(position, duration) : position;
  // The slider shows what was sent until the device reports it (or reports
  // a change of its own): keys pressed in a row count from the last one.
  const [pending, setPending] = useState<{ value: number; base: number } | null>(null);
  const volume =
    pending && (st.volume === pending.base || st.volume === pending.value)
      ? pending.value
      : st.volume;
  const changeVolume = (value: number) =>
    setPending({ value, base: pending && volume === pending.value ? pending.base : st.volume });
  const setVolume = () => {
    if (pending) void send({ type: 'volume', volume: pending.value });
  };
  const RepeatIcon = st.repeat === 'one' ? Repeat1 : Repeat;

  const upNext: MenuItem[] = st.upNext.slice(0, 20).map((q) => ({
    label: `Remove “${q.song.song}”`,
    icon: <X size={16} aria-hidden="true" />,
    onSelect: () => void send({ type: 'remove', index: q.index }),
  }));
  const where = device.online ? `Playing on ${device.name}` : `${device.name} is offline`;

  const playPause = (size: 'sm' | 'md') => (
    <button
      type="button"
      className={`pbtn pbtn--play pbtn--play-${size}`}
      aria-label={st.playing ? 'Pause' : 'Play'}
      onClick={() => void send({ type: st.playing ? 'pause' : 'play' })}
      disabled={!device.online || !song}
    >
      {st.playing ? (
        <Pause size={size === 'sm' ? 20 : 18} fill="currentColor" aria-hidden="true" />
      ) : (
        <Play
          size={size === 'sm' ? 20 : 18}
          fill="currentColor"
          aria-hidden="true"
          className="pbtn__play-icon"
        />
      )}
    </button>
  );
  const nextButton = (
    <button
      type="button"
      className="pbtn"
      aria-label="Next"
      onClick={() => void send({ type: 'next' })}
      disabled={!device.online}
    >
      <SkipForward size={20} fill="currentColor" aria-hidden="true" />
    </button>
  );

  return (
    <section className="player remote" aria-label={`Remote control: ${device.name}`}>
      <p
        className={device.online ? 'remote__where' : 'remote__where remote__where--off'}
        role="status"
      >
        <MonitorSpeaker size={16} aria-hidden="true" />
        {where}
      </p>
      <div className="mini">
        <div className="mini__open">
          <SongCover src={song?.coverSmall} size={42} className="mini__cover" />
          <span className="mini__text">
            <span className="mini__title">{song?.song ?? 'Nothing playing'}</span>
            <span className="mini__artist">{song ? songArtist(song) : device.name}</span>
          </span>
        </div>
        <DevicesButton size={20} />
        {playPause('sm')}
        {nextButton}
      </div>
      <div className="bar">
        <div className="bar__now">
          <SongCover src={song?.coverSmall} size={56} className="bar__cover" />
          <div className="bar__text">
            <span className="bar__title remote__title">{song?.song ?? 'Nothing playing'}</span>
            <span className="bar__artist">{song ? songArtist(song) : device.name}</span>
          </div>
        </div>
        <div className="bar__center">
          <div className="transport transport--md">
            <button
              type="button"
              className={st.shuffle ? 'pbtn pbtn--toggle pbtn--on' : 'pbtn pbtn--toggle'}
              aria-label="Shuffle"
              aria-pressed={st.shuffle}
              onClick={() => void send({ type: 'shuffle', on: !st.shuffle })}
              disabled={!device.online}
            >
              <Shuffle size={18} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="pbtn"
              aria-label="Previous"
              onClick={() => void send({ type: 'previous' })}
              disabled={!device.online}
            >
              <SkipBack size={20} fill="currentColor" aria-hidden="true" />
            </button>
            {playPause('md')}
            {nextButton}
            <button
              type="button"
              className={st.repeat !== 'off' ? 'pbtn pbtn--toggle pbtn--on' : 'pbtn pbtn--toggle'}
              aria-label={`Repeat: ${st.repeat}`}
              aria-pressed={st.repeat !== 'off'}
              onClick={() => void send({ type: 'repeat', mode: NEXT_REPEAT[st.repeat] })}
              disabled={!device.online}
            >
              <RepeatIcon size={18} aria-hidden="true" />
            </button>
          </div>
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
              onValueChange={(v) => void send({ type: 'seek', position: v })}
              disabled={!device.online || !(duration > 0)}
            />
            <span className="seek__time seek__time--total">{formatTime(duration)}</span>
          </div>
        </div>
        <div className="bar__extras">
          {upNext.length > 0 && (
            <Menu
              className="remote__queue"
              label={`Up next on ${device.name}`}
              menuLabel={`Up next on ${device.name}`}
              items={upNext}
              trigger={<ListMusic size={18} aria-hidden="true" />}
            />
          )}
          <DevicesButton />
          <div className="volume remote__volume">
            <Volume2 size={18} aria-hidden="true" />
            <Slider
              className="volume__slider"
              label={`Volume on ${device.name}`}
              min={0}
              max={100}
              value={volume}
              onValueChange={changeVolume}
              onPointerUp={setVolume}
              onKeyUp={setVolume}
              disabled={!device.online}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
