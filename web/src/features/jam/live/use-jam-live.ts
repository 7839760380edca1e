import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ClockSync, type SyncReply } from '@/lib/clock-sync';
import { queryKeys } from '@/lib/query-keys';

/** The wait before reconnect attempt n: 0.5 s, 1 s, 2 s… up to 10 s. */
const backoff = (attempt: number) => Math.min(10_000, 500 * 2 ** attempt);

type Incoming = SyncReply | { type: 'jam'; jam: string; version: number } | { type: 'error' };

/**
 * Follows a Jam over the live connection: the server's clock (the radio's
 * sync) and a word on every change, on which the Jam is read again. A
 * dropped connection comes back with a growing wait, and the Jam is read
 * again then, so a member who was away lands at the current second.
 */
export function useJamLive(id: string, enabled: boolean): ClockSync {
  const queryClient = useQueryClient();
  const [clock] = useState(() => new ClockSync());

  useEffect(() => {
    if (!enabled) return;
    let ws: WebSocket | null = null;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const reread = () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.jams.detail(id) });

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
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      clock.stop();
      if (ws) {
        ws.onclose = null;
        ws.close();
      }
    };
  }, [id, enabled, clock, queryClient]);

  return clock;
}
