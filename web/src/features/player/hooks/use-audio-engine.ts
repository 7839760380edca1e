import { useEffect, useRef, useState, type RefObject } from 'react';
import { upNext, useCurrentSong, usePlayer } from '@/lib/player-store';
import { usePlaybackSettings } from '@/lib/playback-settings';
import { AudioEngine, type EngineEvents } from '../engine/engine';

/**
 * Drives the player's two <audio> elements (see AudioEngine) from the player
 * store: loads each new play, plays and pauses, seeks, applies speed and
 * volume, buffers the next song and hands over to it at the end of a song.
 */
export function useAudioEngine(
  first: RefObject<HTMLAudioElement | null>,
  second: RefObject<HTMLAudioElement | null>,
  events: EngineEvents,
) {
  const song = useCurrentSong();
  const playId = usePlayer((s) => s.playId);
  const playing = usePlayer((s) => s.playing);
  const rate = usePlayer((s) => s.rate);
  const volume = usePlayer((s) => s.volume);
  const muted = usePlayer((s) => s.muted);
  const seek = usePlayer((s) => s.seek);
  const next = usePlayer((s) => s.queue[upNext(s)]?.audio ?? null);
  const crossfade = usePlaybackSettings((s) => s.crossfade);
  const normalize = usePlaybackSettings((s) => s.normalize);

  const [engine, setEngine] = useState<AudioEngine | null>(null);
  const eventsRef = useRef(events);

  useEffect(() => {
    eventsRef.current = events;
  });

  // The engine lives as long as the two elements.
  useEffect(() => {
    const a = first.current;
    const b = second.current;
    if (!a || !b) return;
    const e = new AudioEngine([a, b], () => eventsRef.current);
    setEngine(e);
    return () => {
      e.dispose();
      setEngine(null);
    };
  }, [first, second]);

  // A new play: load the song from the top, the played seconds start at 0.
  useEffect(() => {
    engine?.load(song, playId);
  }, [engine, song, playId]);

  // Play or pause as the store says.
  useEffect(() => {
    if (song) engine?.play(playing, playId);
  }, [engine, song, playing, playId]);

  useEffect(() => {
    engine?.setRate(rate);
  }, [engine, rate, playId]);

  // Volume: the slider's value / 100, turned down for loud songs when normalising.
  const loudness = song?.loudness ?? null;
  useEffect(() => {
    engine?.applyVolumes();
  }, [engine, volume, muted, loudness, normalize]);

  useEffect(() => {
    engine?.seek(seek);
  }, [engine, seek]);

  // What follows changed (the queue, repeat, the crossfade): buffer it when due.
  useEffect(() => {
    engine?.preload();
  }, [engine, next, crossfade, playId]);
}
