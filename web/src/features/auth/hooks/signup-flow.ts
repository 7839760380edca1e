import { readSession, removeSession, writeSession } from '@/lib/storage';

/**
 * The sign-up waiting for its code. Username and email survive a refresh in
 * sessionStorage; the password stays in memory only, and the code is never
 * kept at all (the server checks it).
 */
export interface PendingSignup {
  username: string;
  email: string;
  /** When the last code was mailed (ms since epoch), for the resend cooldown. */
  sentAt: number;
  /** The invitation token of an invite-only sign-up, sent again with the code. */
  invite?: string;
}

const KEY = 'musicify.signup';

let passwordInMemory: string | null = null;

function isPendingSignup(v: unknown): v is PendingSignup {
  if (!v || typeof v !== 'object') return false;
  const p = v as Record<string, unknown>;
  return (
    typeof p.username === 'string' &&
    typeof p.email === 'string' &&
    typeof p.sentAt === 'number' &&
    (p.invite === undefined || typeof p.invite === 'string')
  );
}

export function startSignup(input: {
  username: string;
  email: string;
  password: string;
  invite?: string;
}): void {
  passwordInMemory = input.password;
  const pending: PendingSignup = {
    username: input.username,
    email: input.email,
    sentAt: Date.now(),
  };
  if (input.invite) pending.invite = input.invite;
  writeSession(KEY, pending);
}

export function readPendingSignup(): PendingSignup | null {
  return readSession(KEY, isPendingSignup);
}

export function markSignupCodeSent(): PendingSignup | null {
  const pending = readPendingSignup();
  if (!pending) return null;
  const next = { ...pending, sentAt: Date.now() };
  writeSession(KEY, next);
  return next;
}

/** The password typed on the registration form, if this tab has not been reloaded since. */
export function pendingSignupPassword(): string | null {
  return passwordInMemory;
}

export function finishSignup(): void {
  passwordInMemory = null;
  removeSession(KEY);
}
