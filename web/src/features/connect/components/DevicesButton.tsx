import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Check, Laptop, MonitorSpeaker, Pencil, Smartphone, Speaker, X } from 'lucide-react';
import { Dialog, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { setRemoteTarget, useRemoteTarget } from '@/lib/connect';
import { getPlayerState, setPlaying } from '@/lib/player-store';
import { queryKeys } from '@/lib/query-keys';
import { formatTime } from '@/lib/song';
import { devicesQuery, renameDevice, reportedNow, sendCommand, type Device } from '../api/devices';
import { reportOf, takeOver } from '../live/use-device-link';
import { useThisDevice } from '../this-device';
import './connect.css';

const phoneLike = /iphone|android|pixel|phone|galaxy/i;

function DeviceIcon({ device }: { device: Device }) {
  const Icon = phoneLike.test(device.name)
    ? Smartphone
    : /speaker|kitchen|living|tv/i.test(device.name)
      ? Speaker
      : Laptop;
  return <Icon size={22} aria-hidden="true" />;
}

function seenAgo(seen: number | null): string {
  if (!seen) return 'Offline';
  const minutes = Math.round((Date.now() - seen) / 60_000);
  if (minutes < 1) return 'Offline';
  if (minutes < 60) return `Offline · seen ${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `Offline · seen ${hours} h ago` : 'Offline';
}

/** What a device's row says under its name. */
function status(d: Device, self: boolean): string {
  const song = d.state.song;
  if (d.online && d.state.playing && song) return `Playing · ${song.song}`;
  if (self) return 'This browser';
  if (d.online && song) return `Paused · ${song.song} · ${formatTime(d.state.position)}`;
  return d.online ? 'Online' : seenAgo(d.seen);
}

function RenameForm({ device, onDone }: { device: Device; onDone: () => void }) {
  const [name, setName] = useState(device.name);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError('Give the device a name.');
      return;
    }
    renameDevice(device.id, name).then(
      () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
        onDone();
      },
      (err: unknown) => setError(errorMessage(err)),
    );
  };
  return (
    <form className="devices__rename" onSubmit={submit} noValidate>
      <input
        className="devices__rename-input"
        aria-label={`New name for ${device.name}`}
        value={name}
        maxLength={40}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        // The form opens on a click of Rename: the field is what comes next.
        // eslint-disable-next-line jsx-a11y-x/no-autofocus
        autoFocus
      />
      <button type="submit" className="pbtn pbtn--small" aria-label="Save the name">
        <Check size={18} aria-hidden="true" />
      </button>
      <button type="button" className="pbtn pbtn--small" aria-label="Cancel" onClick={onDone}>
        <X size={18} aria-hidden="true" />
      </button>
      {error && (
        <p className="devices__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The person's devices: this browser, the others online and offline, the
 * one playing. Choosing another moves the music there (song, second,
 * queue, shuffle, repeat, volume) and makes this browser its remote;
 * choosing this browser takes it back.
 */
export function DevicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const self = useThisDevice();
  const remote = useRemoteTarget();
  const toast = useToast();
  const { data: devices = [] } = useQuery({ ...devicesQuery(), enabled: open });
  const [renaming, setRenaming] = useState<string | null>(null);

  const playOn = async (d: Device) => {
    try {
      if (d.id === self) {
        // Back here: what the device being controlled plays, from where it is.
        const from = devices.find((x) => x.id === remote);
        if (from) {
          await takeOver(reportedNow(from.state));
          if (from.online) await sendCommand(from.id, { type: 'pause' }, self);
        }
        setRemoteTarget(null);
      } else if (remote && remote !== d.id) {
        // From one remote device to another: the music goes from there.
        const from = devices.find((x) => x.id === remote);
        if (from) {
          await sendCommand(d.id, { type: 'take', state: reportedNow(from.state) }, self);
          if (from.online) await sendCommand(from.id, { type: 'pause' }, self);
        }
        setRemoteTarget(d.id);
      } else if (!remote && getPlayerState().index >= 0) {
        await sendCommand(d.id, { type: 'take', state: reportOf(getPlayerState()) }, self);
        setPlaying(false);
        setRemoteTarget(d.id);
      } else {
        setRemoteTarget(d.id); // nothing plays here: control what plays there
      }
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const sorted = [...devices].sort((a, b) =>
    a.id === self ? -1 : b.id === self ? 1 : Number(b.online) - Number(a.online),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Devices"
      description="Play on any of your devices, and control it from here."
    >
      <ul className="devices">
        {sorted.map((d) => {
          const isSelf = d.id === self;
          const current = remote ? d.id === remote : isSelf;
          return (
            <li
              key={d.id}
              className={current ? 'devices__item devices__item--current' : 'devices__item'}
            >
              {renaming === d.id ? (
                <RenameForm device={d} onDone={() => setRenaming(null)} />
              ) : (
                <>
                  <button
                    type="button"
                    className="devices__pick"
                    disabled={current || (!d.online && !isSelf)}
                    onClick={() => void playOn(d)}
                    aria-label={
                      current
                        ? `${d.name}: listening here`
                        : `Play on ${d.name}${isSelf ? ' (this browser)' : ''}`
                    }
                  >
                    <span
                      className={
                        d.online || isSelf ? 'devices__icon devices__icon--on' : 'devices__icon'
                      }
                    >
                      <DeviceIcon device={d} />
                    </span>
                    <span className="devices__text">
                      <span className="devices__name">{d.name}</span>
                      <span className="devices__status">{status(d, isSelf)}</span>
                    </span>
                    {current && (
                      <span className="devices__badge">
                        {isSelf ? 'Listening here' : 'Controlling'}
                      </span>
                    )}
                  </button>
                  <button
                    type="button"
                    className="pbtn pbtn--small"
                    aria-label={`Rename ${d.name}`}
                    onClick={() => setRenaming(d.id)}
                  >
                    <Pencil size={16} aria-hidden="true" />
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <p className="devices__hint">
        Open Musicify on a phone, a laptop or the kitchen speaker&apos;s browser, signed in as you,
        and it shows up here.
      </p>
    </Dialog>
  );
}

/** The player's Devices button: lit while this browser controls another. */
export function DevicesButton({ size = 18 }: { size?: number }) {
  const [open, setOpen] = useState(false);
  const remote = useRemoteTarget();
  return (
    <>
      <button
        type="button"
        className={remote ? 'pbtn pbtn--small pbtn--on' : 'pbtn pbtn--small'}
        aria-label="Devices"
        title={remote ? 'Playing on another device' : 'Devices'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <MonitorSpeaker size={size} aria-hidden="true" />
      </button>
      <DevicesDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
