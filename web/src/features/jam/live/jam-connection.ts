import type { QueryClient } from '@tanstack/react-query';
import { ClockSync, type SyncReply } from '@/lib/clock-sync';
import { queryKeys } from '@/lib/query-keys';

/** The wait before reconnect attempt n: 0.5 s, 1 s, 2 s… up to 10 s. */
const backoff = (attempt: number) => Math.min(10_000, 500 * 2 ** attempt);

type Incoming = SyncReply | { type: 'jam'; jam: string; version: number } | { type: 'error' };

interface Connection {
  /** The query caches of those holding it: each reads the Jam again on a change. */
  holders: QueryClient[];
  close: () => void;
}

/**
 * One clock per Jam for the page's life, kept past the last holder: a
 * component reads it while rendering, before its hold starts, and a hold
 * that ends and starts again (React's strict mode) must find the same one.
 */
const clocks = new Map<string, ClockSync>();
const connections = new Map<string, Connection>();

/** The server's clock as the Jam's live connection measures it. */
export function jamClock(id: string): ClockSync {
  let clock = clocks.get(id);
  if (!clock) {
    clock = new ClockSync();
    clocks.set(id, clock);
  }
  return clock;
}

/**
 * Keeps the Jam's live connection open until the returned function is
 * called. The Jam's page and the dock that plays it on every page hold the
 * same one: one socket, and one clock for the progress shown and the audio.
 */
export function holdJamLive(id: string, queryClient: QueryClient): () => void {
  let connection = connections.get(id);
  if (!connection) {
    connection = connect(id, jamClock(id));
    connections.set(id, connection);
  }
  const held = connection;
  held.holders.push(queryClient);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.holders.splice(held.holders.indexOf(queryClient), 1);
    if (held.holders.length > 0) return;
    held.close();
    connections.delete(id);
  };
}

/**
 * The server's clock (the radio's sync) and a word on every change, on
 * which the Jam is read again. A dropped connection comes back with a
 * growing wait, and the Jam is read again then, so a member who was away
 * lands at the current second.
 */
function connect(id: string, clock: ClockSync): Connection {
  const holders: QueryClient[] = [];
  let ws: WebSocket | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const reread = () =>
    new Set(holders).forEach(
      (client) => void client.invalidateQueries({ queryKey: queryKeys.jams.detail(id) }),
    );

  const open = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${window.location.host}/api/ws`);
    ws = socket;
    const send = (msg: unknown) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
    };
    socket.onopen = () => {
      attempt = 0;
      send({ type: 'jam', jam: id });
      clock.start(send);
      reread(); // what changed while the connection was down
    };
    socket.onmessage = (e: MessageEvent) => {
      let msg: Incoming;
      try {
        msg = JSON.parse(String(e.data)) as Incoming;
      } catch {
        return;
      }
      if (msg.type === 'sync') clock.handle(msg);
      else if (msg.type === 'jam' && msg.jam === id) reread();
    };
    socket.onclose = () => {
      clock.stop();
      if (stopped) return;
      retry = setTimeout(open, backoff(attempt++));
    };
  };
  open();
  return {
    holders,
    close: () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      clock.stop();
      if (ws) {
        ws.onclose = null;
        ws.close();
      }
    },
  };
}
