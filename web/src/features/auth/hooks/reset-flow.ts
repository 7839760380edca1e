import { readSession, removeSession, writeSession } from '@/lib/storage';

/**
 * The password reset in progress. The email survives a refresh in
 * sessionStorage; the verified code lives in memory only, never in storage
 * or the URL, so a refresh on /change asks for it again.
 */
interface PendingReset {
  email: string;
  sentAt: number;
}

const KEY = 'musicify.reset';

let codeInMemory: string | null = null;

function isPendingReset(v: unknown): v is PendingReset {
  if (!v || typeof v !== 'object') return false;
  const p = v as Record<string, unknown>;
  return typeof p.email === 'string' && typeof p.sentAt === 'number';
}

export function startReset(email: string): void {
  codeInMemory = null;
  writeSession(KEY, { email, sentAt: Date.now() });
}

export function readPendingReset(): PendingReset | null {
  return readSession(KEY, isPendingReset);
}

export function markResetCodeSent(): PendingReset | null {
  const pending = readPendingReset();
  if (!pending) return null;
  const next = { ...pending, sentAt: Date.now() };
  writeSession(KEY, next);
  return next;
}

export function rememberResetCode(code: string): void {
  codeInMemory = code;
}

export function verifiedResetCode(): string | null {
  return codeInMemory;
}

export function finishReset(): void {
  codeInMemory = null;
  removeSession(KEY);
}
