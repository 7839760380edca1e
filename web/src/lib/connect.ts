import { createStore, useStore } from './store';

/**
 * Which of the person's devices this browser controls, while it is a remote
 * for another: the player bar shows that device's song, and its buttons
 * send commands there. Null while this browser plays for itself.
 */
export const remoteTarget = createStore<string | null>(null);

export function setRemoteTarget(id: string | null): void {
  remoteTarget.set(id);
}

export function useRemoteTarget(): string | null {
  return useStore(remoteTarget);
}

const key = (userId: string) => `musicify.device.${userId}`;

/** The id the server gave this browser for this person, if it has one. */
export function storedDeviceId(userId: string): string | null {
  try {
    return localStorage.getItem(key(userId));
  } catch {
    return null;
  }
}

export function storeDeviceId(userId: string, id: string): void {
  try {
    localStorage.setItem(key(userId), id);
  } catch {
    // Private mode: a new device next time.
  }
}

/** A first name for this browser, from its user agent: "Chrome on Linux", "Safari on iPhone". */
export function defaultDeviceName(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Ubuntu/.test(ua)
                ? 'Ubuntu'
                : /Linux/.test(ua)
                  ? 'Linux'
                  : '';
  return system ? `${browser} on ${system}` : browser;
}
