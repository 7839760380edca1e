import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useToast } from '@/components/ui';
import { clearLiveStation, setLiveStation } from '@/lib/live-radio';
import { getPlayerState, subscribePlayer } from '@/lib/player-store';
import { useStore } from '@/lib/store';
import { stationsQuery } from '../api/get-stations';
import { useStationAudio } from '../hooks/use-station-audio';
import { holdRadioLive, radioLive, stationAudio, tuneOut } from '../live/radio-connection';
import { displayName } from '../schedule';
import {
  getTuned,
  setStationVolume,
  setTunedPlayback,
  toggleStationMute,
  useTuned,
} from '../tuned';

/**
 * Plays the tuned station on every page, in sync with the server's clock,
 * and shows it in the global player bar. Mounted by the shell only while a
 * station is tuned in; the audio stops when the listener stops it, plays a
 * song, or the station goes away.
 */
export default function RadioDock() {
  const toast = useToast();
  const station = useTuned((s) => s.station);
  const volume = useTuned((s) => s.volume);
  const muted = useTuned((s) => s.muted);
  const snapshot = useStore(radioLive.store);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  if (audioRef.current == null) audioRef.current = stationAudio();

  // The connection stays open while the station plays.
  useEffect(() => holdRadioLive(), []);

  const tuned = station && snapshot.joined === station._id ? snapshot.tuned : null;
  const playback = useStationAudio(audioRef, radioLive.clock, tuned, station?.audio ?? null, {
    volume: volume / 100,
    muted,
  });
  const { position, drift, blocked, failed, resume } = playback;

  useEffect(() => {
    setTunedPlayback({ position, drift, blocked, failed });
  }, [position, drift, blocked, failed]);

  // What the player bar shows, and how it stops the station.
  useEffect(() => {
    if (!station) return;
    setLiveStation(
      {
        kind: 'radio',
        id: station._id,
        name: station.radio_name,
        by: displayName(station.username),
        href: '/join',
        blocked,
        failed,
        volume,
        muted,
      },
      { stop: tuneOut, resume, setVolume: setStationVolume, toggleMute: toggleStationMute },
    );
  }, [station, blocked, failed, volume, muted, resume]);
  useEffect(() => () => clearLiveStation('radio'), []);

  // A song started in the main player takes over: the station stops.
  useEffect(
    () =>
      subscribePlayer(() => {
        if (getPlayerState().playing && getTuned().station) tuneOut();
      }),
    [],
  );

  // The server refused the join (the station is gone).
  useEffect(() => {
    if (!snapshot.error) return;
    tuneOut();
    toast.error(snapshot.error);
  }, [snapshot.error, toast]);

  // The station was deleted by its creator: nothing left to play.
  const stations = useQuery(stationsQuery());
  const gone =
    station !== null && stations.isSuccess && !stations.data.some((s) => s._id === station._id);
  useEffect(() => {
    if (!gone) return;
    tuneOut();
    toast.info('This station has ended.');
  }, [gone, toast]);

  return null;
}
