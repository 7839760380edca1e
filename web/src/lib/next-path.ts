/** Where a visitor lands after signing in when nowhere else was asked for. */
export const DEFAULT_NEXT = '/home';

/** Control characters and whitespace, which browsers drop or read in surprising ways. */
function hasControlOrSpace(s: string): boolean {
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The page to go to after signing in: `raw` when it is a path of this app
 * (one leading '/', no scheme, no '//' or backslash that a browser could read
 * as another host, no control characters or spaces), else /home.
 */
export function safeNext(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw === '') return DEFAULT_NEXT;
  if (!raw.startsWith('/') || raw.startsWith('//')) return DEFAULT_NEXT;
  // Browsers treat '\' like '/': '/\evil.example' is another host.
  if (raw.includes('\\')) return DEFAULT_NEXT;
  if (hasControlOrSpace(raw)) return DEFAULT_NEXT;
  // The sign-in screens themselves would only go round in a circle.
  const path = raw.split(/[?#]/)[0] ?? '';
  if (path === '/' || path === '/login' || path === '/otp1') return DEFAULT_NEXT;
  return raw;
}

/** `path` with `next=…` added when `next` is a safe path other than /home. */
export function withNext(path: string, next: string | null | undefined): string {
  const safe = safeNext(next);
  if (safe === DEFAULT_NEXT) return path;
  return `${path}${path.includes('?') ? '&' : '?'}next=${encodeURIComponent(safe)}`;
}
