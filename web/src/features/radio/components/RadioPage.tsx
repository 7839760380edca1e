import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Radio } from 'lucide-react';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  PageLoader,
  useToast,
} from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { getPlayerState, setPlaying, subscribePlayer } from '@/lib/player-store';
import { useSession } from '@/lib/session';
import { useDeleteStation } from '../api/delete-station';
import { useStations } from '../api/get-stations';
import type { Station } from '../api/types';
import { useRadioLive } from '../hooks/use-radio-live';
import { useServerClock } from '../hooks/use-server-clock';
import { TUNING_VOLUME, useStationAudio } from '../hooks/use-station-audio';
import { CreateStationForm } from './CreateStationForm';
import { StationPanel } from './StationPanel';
import { StationRow } from './StationRow';
import './radio.css';

/** Stops the station's audio and lets go of the file. */
function silence(el: HTMLAudioElement | null): void {
  if (!el) return;
  el.pause();
  el.removeAttribute('src');
  el.load();
}

/**
 * `/join`: scheduled stations counting down on the server's clock, Join once
 * they are live, the joined station's panel, and the form to create one.
 */
export function RadioPage() {
  const { user } = useSession();
  const toast = useToast();
  const stations = useStations();
  const remove = useDeleteStation();
  const { live, snapshot } = useRadioLive();
  const now = useServerClock(live.clock);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [volume, setVolume] = useState(100);
  const [muted, setMuted] = useState(false);
  const [deleting, setDeleting] = useState<Station | null>(null);

  const joined = stations.data?.find((s) => s._id === snapshot.joined) ?? null;
  const playback = useStationAudio(
    audioRef,
    live.clock,
    joined ? snapshot.tuned : null,
    joined?.audio ?? null,
    { volume: volume / 100, muted },
  );

  // A song started in the main player takes over: the station stops.
  useEffect(
    () =>
      subscribePlayer(() => {
        if (getPlayerState().playing && live.getSnapshot().joined) {
          live.leave();
          silence(audioRef.current);
        }
      }),
    [live],
  );

  // The server refused the join (the station is gone).
  useEffect(() => {
    if (!snapshot.error) return;
    silence(audioRef.current);
    toast.error(snapshot.error);
  }, [snapshot.error, toast]);

  // The joined station was deleted by its creator: nothing left to play.
  const gone = snapshot.joined !== null && stations.isSuccess && !joined;
  useEffect(() => {
    if (!gone) return;
    live.leave();
    silence(audioRef.current);
    toast.info('This station has ended.');
  }, [gone, live, toast]);

  function join(station: Station) {
    setPlaying(false);
    const el = audioRef.current;
    if (el) {
      // Started inside the click (browsers want a gesture for sound), all but
      // silent until it is at the right second.
      if (el.src !== new URL(station.audio, window.location.href).href) el.src = station.audio;
      el.muted = false;
      el.volume = TUNING_VOLUME;
      // A refusal here is not the last word: useStationAudio plays again once
      // tuned in, and reads `el.error` then, so a file that failed already shows.
      void el.play().catch(() => undefined);
    }
    live.join(station._id);
  }

  function leave() {
    live.leave();
    silence(audioRef.current);
  }

  function confirmDelete() {
    if (!deleting) return;
    const station = deleting;
    remove.mutate(station._id, {
      onSuccess: () => {
        setDeleting(null);
        if (snapshot.joined === station._id) leave();
        toast.success(`Station “${station.radio_name}” deleted`);
      },
      onError: (err) => {
        setDeleting(null);
        toast.error(errorMessage(err));
      },
    });
  }

  let list;
  if (stations.isPending) {
    list = <PageLoader />;
  } else if (stations.isError) {
    list = (
      <EmptyState
        icon={Radio}
        title="We could not load the stations"
        action={<Button onClick={() => void stations.refetch()}>Try again</Button>}
      >
        {errorMessage(stations.error)}
      </EmptyState>
    );
  } else if (stations.data.length === 0) {
    list = (
      <EmptyState icon={Radio} title="No stations yet">
        Schedule the first one with the form: it will count down here until it goes live.
      </EmptyState>
    );
  } else {
    list = (
      <ul className="radio-list" aria-label="Stations">
        {stations.data.map((s) => (
          <StationRow
            key={s._id}
            station={s}
            now={now}
            listeners={snapshot.listeners[s._id]?.count ?? s.listeners}
            joined={s._id === snapshot.joined}
            onJoin={() => join(s)}
            onDelete={() => setDeleting(s)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="page radio-page">
      <PageHeader
        eyebrow="Radio"
        title="Join a station!"
        description="Listen together: everyone on a station hears the same second."
      />
      {joined && (
        <StationPanel
          station={joined}
          playback={playback}
          users={snapshot.listeners[joined._id]?.users ?? []}
          me={user.username}
          status={snapshot.status}
          volume={volume}
          muted={muted}
          onVolume={(v) => {
            setVolume(v);
            if (v > 0) setMuted(false);
          }}
          onToggleMute={() => setMuted((m) => !m)}
          onResume={playback.resume}
          onLeave={leave}
        />
      )}
      <div className="radio-layout">
        <div className="radio-stations">{list}</div>
        <CreateStationForm now={now} />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this station?"
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        “{deleting?.radio_name}” and its audio go for good, and anyone listening is left in silence.
      </ConfirmDialog>
      {createPortal(
        // The station's own audio, apart from the song player's; nothing of it is shown.
        <audio ref={audioRef} className="radio-audio" preload="auto" />,
        document.body,
      )}
    </div>
  );
}
