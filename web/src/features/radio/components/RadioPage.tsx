import { useEffect, useState } from 'react';
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
import { resumeLiveRadio } from '@/lib/live-radio';
import { useSession } from '@/lib/session';
import { useStore } from '@/lib/store';
import { useDeleteStation } from '../api/delete-station';
import { useStations } from '../api/get-stations';
import type { Station } from '../api/types';
import { useServerClock } from '../hooks/use-server-clock';
import { TUNING_VOLUME } from '../hooks/use-station-audio';
import { holdRadioLive, radioLive, tuneIn, tuneOut } from '../live/radio-connection';
import { setStationVolume, toggleStationMute, useTuned } from '../tuned';
import { CreateStationForm } from './CreateStationForm';
import { StationPanel } from './StationPanel';
import { StationRow } from './StationRow';
import './radio.css';

/**
 * `/join`: scheduled stations counting down on the server's clock, Join once
 * they are live, the joined station's panel, and the form to create one. The
 * station joined keeps playing on other pages (see RadioDock).
 */
export function RadioPage() {
  const { user } = useSession();
  const toast = useToast();
  const stations = useStations();
  const remove = useDeleteStation();
  // The page holds the live connection while it is open, for the counts and the clock.
  useEffect(() => holdRadioLive(), []);
  const snapshot = useStore(radioLive.store);
  const now = useServerClock(radioLive.clock);
  const tunedStation = useTuned((s) => s.station);
  const playback = useTuned((s) => s.playback);
  const volume = useTuned((s) => s.volume);
  const muted = useTuned((s) => s.muted);
  const [deleting, setDeleting] = useState<Station | null>(null);

  const joined =
    stations.data?.find((s) => s._id === snapshot.joined && s._id === tunedStation?._id) ?? null;

  function join(station: Station) {
    tuneIn(station, TUNING_VOLUME);
  }

  function confirmDelete() {
    if (!deleting) return;
    const station = deleting;
    remove.mutate(station._id, {
      onSuccess: () => {
        setDeleting(null);
        if (snapshot.joined === station._id) tuneOut();
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
          onVolume={setStationVolume}
          onToggleMute={toggleStationMute}
          onResume={resumeLiveRadio}
          onLeave={tuneOut}
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
    </div>
  );
}
