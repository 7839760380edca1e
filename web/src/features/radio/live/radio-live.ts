import { ClockSync, type SyncReply, type SyncSample } from '@/lib/clock-sync';
import { createStore } from '@/lib/store';

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** Who listens to a station now. */
export interface Listeners {
  count: number;
  users: string[];
}

/** Where the joined station is, on the server's clock (ms; duration in seconds). */
export interface TunedState {
  station: string;
  start: number;
  loopStart: number;
  duration: number;
}

export interface LiveSnapshot {
  status: LiveStatus;
  /** The clock offset is known. */
  synced: boolean;
  /** The latest count of every station heard of since the page opened. */
  listeners: Readonly<Record<string, Listeners>>;
  /** The station asked for with join(), until leave(). */
  joined: string | null;
  /** The server's answer for the joined station. */
  tuned: TunedState | null;
  /** The server refused to join (the station is gone…). */
  error: string | null;
}

type Incoming =
  | SyncReply
  | ({ type: 'state' } & TunedState & { serverTime: number })
  | ({ type: 'listeners'; station: string } & Listeners)
  | { type: 'error'; station?: string; message?: string };

export interface RadioLiveOptions {
  url?: string;
  /** The WebSocket constructor; tests pass a fake. */
  socket?: (url: string) => WebSocket;
  clock?: ClockSync;
  /** The wait before reconnect attempt `n` (0-based), in ms. */
  backoff?: (attempt: number) => number;
  /** One clock probe over HTTP, for when the socket cannot connect at all. */
  fallbackSample?: () => Promise<SyncSample>;
}

/** 0.5 s, 1 s, 2 s… up to 10 s, each with a little jitter so clients do not return in step. */
export function defaultBackoff(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** attempt);
  return Math.round(base * (0.8 + random() * 0.4));
}

function liveURL(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/ws`;
}

function parse(data: unknown): Incoming | null {
  if (typeof data !== 'string') return null;
  try {
    const msg = JSON.parse(data) as unknown;
    return msg && typeof msg === 'object' && 'type' in msg ? (msg as Incoming) : null;
  } catch {
    return null;
  }
}

/**
 * The radio page's live connection: clock sync, listener counts for every
 * station (watch) and the joined station's state. It reconnects with a
 * growing wait when the socket drops, then syncs, watches and joins again.
 */
export class RadioLive {
  readonly clock: ClockSync;
  private readonly url: string | undefined;
  private readonly open: (url: string) => WebSocket;
  private readonly backoff: (attempt: number) => number;
  private readonly fallbackSample: (() => Promise<SyncSample>) | undefined;
  private ws: WebSocket | null = null;
  private attempts = 0;
  private everOpened = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  /** What the socket said so far; components read it with useStore. */
  readonly store = createStore<LiveSnapshot>({
    status: 'closed',
    synced: false,
    listeners: {},
    joined: null,
    tuned: null,
    error: null,
  });

  constructor(options: RadioLiveOptions = {}) {
    this.url = options.url;
    this.open = options.socket ?? ((url) => new WebSocket(url));
    this.clock = options.clock ?? new ClockSync();
    this.backoff = options.backoff ?? ((n) => defaultBackoff(n));
    this.fallbackSample = options.fallbackSample;
    this.clock.subscribe(() => {
      if (!this.getSnapshot().synced) this.update({ synced: true });
    });
  }

  getSnapshot = (): LiveSnapshot => this.store.get();

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  /** Opens the socket (again after stop()). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /** Closes the socket for good: the server lets go of every station. */
  stop(): void {
    this.running = false;
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    this.clock.stop();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      ws.close();
    }
    // Counts heard on this socket go stale once it is closed: 'watch' sends only changes.
    this.update({ status: 'closed', tuned: null, listeners: {} });
  }

  /** Tunes in; the state comes back as `tuned`. Sent again after a reconnect. */
  join(station: string): void {
    const previous = this.getSnapshot().joined;
    if (previous && previous !== station) this.send({ type: 'leave', station: previous });
    this.update({ joined: station, tuned: null, error: null });
    this.send({ type: 'join', station });
  }

  leave(): void {
    const station = this.getSnapshot().joined;
    if (!station) return;
    this.update({ joined: null, tuned: null, error: null });
    this.send({ type: 'leave', station });
  }

  private connect(): void {
    this.update({ status: this.everOpened ? 'reconnecting' : 'connecting' });
    let ws: WebSocket;
    try {
      ws = this.open(this.url ?? liveURL());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.everOpened = true;
      this.update({ status: 'open' });
      this.clock.start((msg) => this.send(msg));
      this.send({ type: 'watch' });
      if (this.getSnapshot().joined)
        this.send({ type: 'join', station: this.getSnapshot().joined });
    };
    ws.onmessage = (e: MessageEvent) => this.receive(parse(e.data));
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.clock.stop();
      if (!this.clock.synced) void this.syncOverHTTP();
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    this.update({ status: 'reconnecting' });
    const wait = this.backoff(this.attempts);
    this.attempts += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.running) this.connect();
    }, wait);
  }

  /** A few probes over HTTP, so countdowns use the server's clock even without the socket. */
  private async syncOverHTTP(): Promise<void> {
    if (!this.fallbackSample) return;
    for (let i = 0; i < 3 && !this.clock.synced; i++) {
      try {
        this.clock.add(await this.fallbackSample());
      } catch {
        return;
      }
    }
  }

  private receive(msg: Incoming | null): void {
    if (!msg) return;
    switch (msg.type) {
      case 'sync':
        this.clock.handle(msg);
        return;
      case 'state':
        if (msg.station !== this.getSnapshot().joined) return;
        this.update({
          tuned: {
            station: msg.station,
            start: msg.start,
            loopStart: msg.loopStart,
            duration: msg.duration,
          },
        });
        return;
      case 'listeners':
        this.update({
          listeners: {
            ...this.getSnapshot().listeners,
            [msg.station]: { count: msg.count, users: msg.users ?? [] },
          },
        });
        return;
      case 'error':
        if (msg.station && msg.station === this.getSnapshot().joined) {
          this.update({
            joined: null,
            tuned: null,
            error: msg.message ?? 'We could not join this station.',
          });
        }
        return;
    }
  }

  private send(msg: object): void {
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(msg));
  }

  private update(patch: Partial<LiveSnapshot>): void {
    this.store.set((s) => ({ ...s, ...patch }));
  }
}
