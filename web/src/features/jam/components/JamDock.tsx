import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { setJoinedJam } from '@/lib/jam';
import {
  clearLiveStation,
  getLiveStation,
  setLiveStation,
  stopLiveRadio,
  subscribeLiveRadio,
} from '@/lib/live-radio';
import {
  getPlayerState,
  setPlaying,
  setVolume,
  subscribePlayer,
  toggleMute,
  usePlayer,
} from '@/lib/player-store';
import { displayName, songArtist } from '@/lib/song';
import { jamQuery, useJamPlayback } from '../api/jams';
import { resumeJamHere, setJamSound, stopJamHere } from '../here';
import { useJamAudio } from '../hooks/use-jam-audio';
import { useJamLive } from '../live/use-jam-live';

/**
 * Plays the Jam this browser is in on every page, at the server's second,
 * and shows it in the global player bar. Mounted by the shell only while
 * "Play on this device" is on; the audio stops when the person stops it
 * here, plays a song or a station, or is no longer in the Jam.
 */
export default function JamDock({ id }: { id: string }) {
  const jam = useQuery(jamQuery(id));
  const clock = useJamLive(id);
  const audio = useRef<HTMLAudioElement>(null);
  // The Jam plays at the song player's volume: one slider for what is heard.
  const volume = usePlayer((s) => s.volume);
  const muted = usePlayer((s) => s.muted);
  const playback = useJamPlayback(id);
  const data = jam.data;
  const sound = useJamAudio(audio, data, clock, true, muted ? 0 : volume / 100, (entry) =>
    playback.mutate({ action: 'ended', entry }),
  );
  const { blocked, resume } = sound;

  // Ended, left, removed, or never there: song menus stop offering it, and the dock goes.
  const out = data
    ? data.ended || !data.member
    : jam.error instanceof ApiError && jam.error.status === 404;
  useEffect(() => {
    if (out) setJoinedJam(null);
  }, [out]);

  useEffect(() => setJamSound(blocked, resume));
  useEffect(() => () => setJamSound(false, null), []);

  const entry = data && !out ? (data.queue[0] ?? null) : null;
  const active = entry !== null;

  // One sound at a time. The Jam takes over from the song and the station
  // as it starts; a song or a station started after that stops it here.
  // Before the bar shows the Jam, so the station is still the one to stop.
  useEffect(() => {
    if (!active) return;
    setPlaying(false);
    if (getLiveStation()?.kind === 'radio') stopLiveRadio();
    let wasPlaying = getPlayerState().playing;
    const offPlayer = subscribePlayer(() => {
      const playing = getPlayerState().playing;
      if (playing && !wasPlaying) stopJamHere();
      wasPlaying = playing;
    });
    const offRadio = subscribeLiveRadio(() => {
      if (getLiveStation()?.kind === 'radio') stopJamHere();
    });
    return () => {
      offPlayer();
      offRadio();
    };
  }, [active]);

  // What the player bar shows while the Jam has a song, and how it stops it here.
  const name = data ? (data.isHost ? 'Your Jam' : `${displayName(data.host.username)}'s Jam`) : '';
  const by = data ? displayName(data.host.username) : '';
  const playing = data?.playing ?? false;
  useEffect(() => {
    if (!entry) {
      clearLiveStation('jam');
      return;
    }
    setLiveStation(
      {
        kind: 'jam',
        id,
        name,
        by,
        href: `/jam/${id}`,
        song: `${entry.song.song} — ${songArtist(entry.song)}`,
        cover: entry.song.coverSmall || entry.song.cover,
        paused: !playing,
        blocked,
        failed: null,
        volume,
        muted,
      },
      { stop: stopJamHere, resume: resumeJamHere, setVolume, toggleMute },
    );
  }, [id, name, by, entry, playing, blocked, volume, muted]);
  useEffect(() => () => clearLiveStation('jam'), []);

  return (
    // Music without words to caption; the bar and the Jam's page name the song.
    // eslint-disable-next-line jsx-a11y-x/media-has-caption
    <audio ref={audio} className="jam-audio" preload="auto" />
  );
}
