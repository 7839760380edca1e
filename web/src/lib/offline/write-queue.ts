import { readLocal, writeLocal } from '../storage';
import { storageKeys } from './keys';

/**
 * A write made while offline, to send when the connection comes back. Its
 * id goes with it as the Idempotency-Key: the server applies it once, however
 * often it is sent (an answer lost on the way, two tabs flushing one queue).
 * Writes queued before ids existed have none.
 */
export interface QueuedWrite {
  id?: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  queuedAt: string;
}

/**
 * The writes that make sense later, in the order they were made: listens,
 * likes and playlist edits. Anything else offline fails as before, with a
 * sentence saying we could not reach Musicify.
 */
const QUEUEABLE: [QueuedWrite['method'], RegExp][] = [
  ['POST', /^\/api\/view\/increase$/],
  ['POST', /^\/api\/like\/add$/],
  ['DELETE', /^\/api\/like\/[^/]+$/],
  ['PUT', /^\/api\/playlist\/add$/],
  ['PUT', /^\/api\/playlist\/[^/]+\/order$/],
  ['DELETE', /^\/api\/playlist\/[^/]+\/songs\/[^/]+$/],
];

export function isQueueable(method: string, path: string): boolean {
  return QUEUEABLE.some(([m, re]) => m === method && re.test(path));
}

function isQueue(v: unknown): v is QueuedWrite[] {
  return Array.isArray(v) && v.every((w) => typeof w === 'object' && w && 'path' in w);
}

export function readQueue(userId: string): QueuedWrite[] {
  return readLocal(storageKeys.queue(userId), isQueue) ?? [];
}

/** 128 random bits in hex (crypto.randomUUID needs https, a LAN server may not have it). */
function newWriteId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function enqueueWrite(userId: string, write: Omit<QueuedWrite, 'queuedAt' | 'id'>): void {
  const queue = readQueue(userId);
  const now = Date.now();
  // A listen says when it was played: sent later, it still counts then.
  const body =
    write.path === '/api/view/increase' && typeof write.body === 'object' && write.body !== null
      ? { ...write.body, at: now }
      : write.body;
  queue.push({ ...write, body, id: newWriteId(), queuedAt: new Date(now).toISOString() });
  writeLocal(storageKeys.queue(userId), queue);
}

export function clearQueue(userId: string): void {
  try {
    window.localStorage.removeItem(storageKeys.queue(userId));
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

const flushing = new Map<string, Promise<number>>();

/**
 * Sends the queued writes in order, each with its Idempotency-Key. A write
 * the server answers (even with a 4xx: a song deleted since, a song already
 * in a playlist, a 409 while another tab's copy is being saved) leaves the queue;
 * a network failure, a 5xx or a 429 (too many listens at once) stops,
 * keeping it and the rest for next time.
 * Resolves with how many were sent.
 */
export function flushQueue(userId: string, fetchImpl: typeof fetch = fetch): Promise<number> {
  const running = flushing.get(userId);
  if (running) return running;
  const p = (async () => {
    let sent = 0;
    for (;;) {
      const [next] = readQueue(userId);
      if (!next) return sent;
      let status: number;
      try {
        const headers: Record<string, string> = { Accept: 'application/json' };
        if (next.body !== undefined) headers['Content-Type'] = 'application/json';
        if (next.id) headers['Idempotency-Key'] = next.id;
        const res = await fetchImpl(next.path, {
          method: next.method,
          headers,
          body: next.body === undefined ? undefined : JSON.stringify(next.body),
          credentials: 'same-origin',
        });
        status = res.status;
      } catch {
        return sent;
      }
      if (status >= 500 || status === 401 || status === 429) return sent;
      // Drop the write just sent, keeping anything queued meanwhile (and
      // nothing another tab has sent and dropped already).
      const rest = readQueue(userId);
      if (next.id) {
        writeLocal(
          storageKeys.queue(userId),
          rest.filter((w) => w.id !== next.id),
        );
      } else {
        rest.shift();
        writeLocal(storageKeys.queue(userId), rest);
      }
      sent += 1;
    }
  })().finally(() => flushing.delete(userId));
  flushing.set(userId, p);
  return p;
}
