/** Where a visitor lands after signing in when nowhere else was asked for. */
export const DEFAULT_NEXT = '/home';

/** Control characters and whitespace, which browsers drop or read in surprising ways. */
function hasControlOrSpace(s: string): boolean {
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (code <= 0x20 || (code >= 0x7f && code <= 0xa0) || /\s/u.test(ch)) return true;
  }
  return false;
}

/** Control characters (spaces allowed: an escaped space is a plain one in a path). */
function hasControl(s: string): boolean {
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029)
      return true;
  }
  return false;
}

/** `s` with its percent-escapes read, or null when they are broken. */
function decoded(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

const probeOrigin = 'https://musicify.invalid';

/** Whether a browser resolves `raw` to a page of this same origin. */
function staysHere(raw: string): boolean {
  try {
    return new URL(raw, probeOrigin).origin === probeOrigin;
  } catch {
    return false;
  }
}

/**
 * The page to go to after signing in: `raw` when it is a path of this app
 * (one leading '/', no scheme, no '//' or backslash that a browser could read
 * as another host, plain or percent-escaped, no control characters or
 * spaces, and resolving to this same origin), else /home.
 */
export function safeNext(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw === '') return DEFAULT_NEXT;
  if (!raw.startsWith('/') || raw.startsWith('//')) return DEFAULT_NEXT;
  // Browsers treat '\' like '/': '/\evil.example' is another host.
  if (raw.includes('\\')) return DEFAULT_NEXT;
  if (hasControlOrSpace(raw)) return DEFAULT_NEXT;
  // A path whose escapes hide a second slash, a backslash or a control
  // character ('/%2F/evil.example') is read as another host by some servers
  // and browsers on the way: refuse it too.
  const plain = decoded(raw);
  if (plain === null || plain.startsWith('//') || plain.includes('\\') || hasControl(plain)) {
    return DEFAULT_NEXT;
  }
  if (!staysHere(raw) || !staysHere(plain)) return DEFAULT_NEXT;
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
