import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { defaultDeviceName, setRemoteTarget, storedDeviceId, storeDeviceId } from '@/lib/connect';
import {
  addToQueue,
  clearQueue,
  getPlayerState,
  next,
  playAt,
  previous,
  removeAt,
  restorePlayer,
  seekTo,
  setPlaying,
  setRepeat,
  setVolume,
  subscribePlayer,
  toggleShuffle,
  type PlayerState,
} from '@/lib/player-store';
import { queryKeys } from '@/lib/query-keys';
import {
  lookupSongs,
  registerDevice,
  reportState,
  type Command,
  type ReportedState,
} from '../api/devices';
import { setThisDevice } from '../this-device';

/** The wait before reconnect attempt n: 0.5 s, 1 s, 2 s… up to 10 s. */
const backoff = (attempt: number) => Math.min(10_000, 500 * 2 ** attempt);
/** How often an open connection says the device is still there (the server's online window is 30 s). */
const HEARTBEAT_MS = 10_000;
/** A playing device reports where it is this often, besides every change. */
const REFRESH_MS = 30_000;
/** Changes closer together than this make one report. */
const REPORT_GAP_MS = 250;
/** The most songs a report carries: the server's bound. */
const MOST_QUEUED = 1000;

type Incoming =
  | { type: 'devices' }
  | { type: 'device_command'; device: string; command: Command }
  | { type: 'error'; device?: string };

/** What the player plays, as the server keeps it. */
export function reportOf(s: PlayerState): ReportedState {
  let queue = s.queue.map((song) => song._id);
  let index = s.index;
  if (queue.length > MOST_QUEUED) {
    const from = Math.max(0, Math.min(index, queue.length - MOST_QUEUED));
    queue = queue.slice(from, from + MOST_QUEUED);
    index -= from;
  }
  return {
    queue,
    index: index >= 0 && index < queue.length ? index : -1,
    playing: s.playing,
    position: Math.max(0, s.time),
    shuffle: s.shuffle,
    repeat: s.repeat,
    volume: s.muted ? 0 : s.volume,
  };
}

/** What changes a report: everything but the clock ticking on. */
const signature = (s: PlayerState) =>
  JSON.stringify([
    s.queue.map((song) => song._id),
    s.index,
    s.playing,
    s.shuffle,
    s.repeat,
    s.volume,
    s.muted,
    s.playId,
    s.seek?.id,
  ]);

/** Plays here what another device played: its queue, at its second. */
export async function takeOver(state: ReportedState, sentAt = Date.now()): Promise<void> {
  const current = state.queue[state.index];
  const songs = await lookupSongs(state.queue);
  const index = Math.max(
    0,
    songs.findIndex((s) => s._id === current),
  );
  const elapsed = state.playing ? (Date.now() - sentAt) / 1000 : 0;
  restorePlayer({
    queue: songs,
    index,
    time: state.position + elapsed,
    rate: getPlayerState().rate,
    volume: state.volume,
    muted: false,
    shuffle: state.shuffle,
    repeat: state.repeat,
    // The queue arrives in the order it plays: shuffle stays on around it.
    original: state.shuffle ? songs : null,
    order: state.shuffle ? songs.map((_, i) => i) : null,
  });
  setRemoteTarget(null);
  if (state.playing) setPlaying(true);
}

/** Carries out a command from another of the person's devices. */
export async function runCommand(c: Command): Promise<void> {
  switch (c.type) {
    case 'take':
      return takeOver(c.state);
    case 'play':
      return setPlaying(true);
    case 'pause':
      return setPlaying(false);
    case 'next':
      return next();
    case 'previous':
      return previous();
    case 'seek':
      return seekTo(c.position);
    case 'jump':
      playAt(c.index);
      if (c.position) seekTo(c.position);
      return;
    case 'volume':
      return setVolume(c.volume);
    case 'shuffle':
      if (getPlayerState().shuffle !== c.on) toggleShuffle();
      return;
    case 'repeat':
      return setRepeat(c.mode);
    case 'add':
      return addToQueue(await lookupSongs(c.songs));
    case 'set':
      return takeOver({
        queue: c.songs,
        index: c.songs.length > 0 ? 0 : -1,
        playing: false,
        position: 0,
        shuffle: false,
        repeat: getPlayerState().repeat,
        volume: getPlayerState().volume,
      });
    case 'remove':
      return removeAt(c.index);
    case 'clear':
      return clearQueue();
  }
}

/**
 * Makes this browser one of the person's devices: it registers (keeping the
 * id it was given before), stays online over the live connection, reports
 * what it plays on every change, and carries out the commands sent to it.
 */
export function useDeviceLink(userId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let stopped = false;
    let ws: WebSocket | null = null;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let beat: ReturnType<typeof setInterval> | null = null;
    let refresh: ReturnType<typeof setInterval> | null = null;
    let pending: ReturnType<typeof setTimeout> | null = null;
    let device: string | null = null;
    let last = '';
    const reread = () => void queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });

    const report = () => {
      pending = null;
      if (!device || stopped) return;
      const s = getPlayerState();
      last = signature(s);
      reportState(device, reportOf(s)).catch(() => {
        // Offline or limited: the next change or refresh reports again.
      });
    };
    const changed = () => {
      if (signature(getPlayerState()) !== last && !pending) {
        pending = setTimeout(report, REPORT_GAP_MS);
      }
    };

    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      const socket = new WebSocket(`${scheme}//${window.location.host}/api/ws`);
      ws = socket;
      const hello = () => {
        if (socket.readyState === WebSocket.OPEN && device) {
          socket.send(JSON.stringify({ type: 'device', device }));
        }
      };
      socket.onopen = () => {
        attempt = 0;
        hello();
        beat = setInterval(hello, HEARTBEAT_MS);
        report(); // what played while the connection was down
      };
      socket.onmessage = (e: MessageEvent) => {
        let msg: Incoming;
        try {
          msg = JSON.parse(String(e.data)) as Incoming;
        } catch {
          return;
        }
        if (msg.type === 'devices') reread();
        else if (msg.type === 'device_command' && msg.device === device) {
          void runCommand(msg.command).catch(() => {
            // Songs that could not be read: the device keeps what it had.
          });
        } else if (msg.type === 'error' && msg.device && msg.device === device) {
          // Removed from another device: become a new one.
          device = null;
          void register(null).then(hello);
        }
      };
      socket.onclose = () => {
        if (beat) clearInterval(beat);
        if (stopped) return;
        retry = setTimeout(open, backoff(attempt++));
      };
    };

    const register = async (id: string | null) => {
      const d = await registerDevice(id, defaultDeviceName(navigator.userAgent));
      if (stopped) return;
      device = d.id;
      storeDeviceId(userId, d.id);
      setThisDevice(d.id);
      reread();
    };

    const unsubscribe = subscribePlayer(changed);
    refresh = setInterval(() => {
      if (getPlayerState().playing) report();
    }, REFRESH_MS);
    // Offline at start, the app plays on, and becomes a device once back.
    const start = () =>
      register(storedDeviceId(userId)).then(
        () => {
          if (!stopped) open();
        },
        (err: unknown) => {
          // A refusal will not change by asking again; no network or a server in trouble may.
          const again = !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
          if (!stopped && again) retry = setTimeout(start, backoff(attempt++));
        },
      );
    void start();

    return () => {
      stopped = true;
      unsubscribe();
      for (const t of [retry, pending]) if (t) clearTimeout(t);
      for (const t of [beat, refresh]) if (t) clearInterval(t);
      setThisDevice(null);
      if (ws) {
        ws.onclose = null;
        ws.close();
      }
    };
  }, [userId, queryClient]);
}
