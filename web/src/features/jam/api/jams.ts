import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { addSongsToJam } from '@/lib/jam';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

export interface JamPerson {
  _id: string;
  username: string;
}

export interface JamEntry {
  id: string;
  song: Song;
  /** Null for the Jam's own picks, which carry a reason. */
  addedBy: JamPerson | null;
  reason?: string;
}

/** A Jam as the caller sees it; someone not in it sees the host and the count only. */
export interface Jam {
  id: string;
  host: JamPerson;
  member: boolean;
  isHost: boolean;
  ended: boolean;
  memberCount: number;
  version: number;
  canControl: boolean;
  guestsControl: boolean;
  /** Whether the listen-only link works. */
  visitors: boolean;
  /** The listen-only link's key: for the host alone. */
  visitorKey?: string;
  playing: boolean;
  /** Seconds into queue[0] at serverTime. */
  position: number;
  /** The server's clock when the answer was made (ms). */
  serverTime: number;
  members: JamPerson[];
  /** queue[0] is the song playing (or paused). */
  queue: JamEntry[];
  votes: number;
  votesNeeded: number;
}

const path = (id: string) => `/api/jams/${encodeURIComponent(id)}`;

/** GET /api/jams/{id}. */
export const jamQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.jams.detail(id),
    queryFn: ({ signal }) => api<Jam>(path(id), { signal }),
    // Changes arrive over the live connection, which reads the Jam again.
    staleTime: Infinity,
  });

/** GET /api/jams/current: the caller's Jam, or null when they are in none. */
export const currentJamQuery = () =>
  queryOptions({
    queryKey: queryKeys.jams.current(),
    queryFn: async ({ signal }) =>
      (await api<{ jam: Jam | null }>('/api/jams/current', { signal })).jam,
  });

export type PlaybackAction = 'play' | 'pause' | 'seek' | 'next' | 'previous' | 'ended';

/** Every change to a Jam answers with the Jam as it is now, which the cache takes at once. */
function useJamChange<V>(id: string, call: (v: V) => Promise<Jam | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (jam) => {
      if (jam) {
        queryClient.setQueryData(queryKeys.jams.detail(id), jam);
        void queryClient.invalidateQueries({ queryKey: queryKeys.jams.current() });
      } else {
        // Left or ended: the caller is in no Jam now.
        queryClient.setQueryData(queryKeys.jams.current(), null);
        void queryClient.invalidateQueries({ queryKey: queryKeys.jams.detail(id) });
      }
    },
  });
}

export function useStartJam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Jam>('/api/jams', { method: 'POST' }),
    onSuccess: (jam) => {
      queryClient.setQueryData(queryKeys.jams.detail(jam.id), jam);
      queryClient.setQueryData(queryKeys.jams.current(), jam);
    },
  });
}

export const useJoinJam = (id: string) =>
  useJamChange(id, () => api<Jam>(`${path(id)}/members`, { method: 'POST' }));

/** Leaves the Jam; the host leaving ends it. */
export const useLeaveJam = (id: string) =>
  useJamChange(id, async () => {
    await api(`${path(id)}/members/me`, { method: 'DELETE' });
    return undefined;
  });

export const useEndJam = (id: string) =>
  useJamChange(id, async () => {
    await api(path(id), { method: 'DELETE' });
    return undefined;
  });

export const useRemoveMember = (id: string) =>
  useJamChange(id, (userId: string) =>
    api<Jam>(`${path(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );

export interface JamSettings {
  guestsControl?: boolean;
  /** Let people without an account listen through the listen-only link. */
  visitors?: boolean;
}

export const useJamSettings = (id: string) =>
  useJamChange(id, (settings: JamSettings) =>
    api<Jam>(path(id), { method: 'PUT', body: settings }),
  );

/** Someone in the Jam as a listen-only visitor sees them: a name only. */
export interface VisitorPerson {
  username: string;
}

export interface VisitorEntry {
  id: string;
  song: {
    _id: string;
    song: string;
    artist: string;
    cover: string;
    coverSmall: string;
    duration: number;
    /** A signed link for the song playing and the next; "" for the rest. */
    audio: string;
  };
  addedBy: VisitorPerson | null;
  reason?: string;
}

/** A Jam as a listen-only visitor (no account, the link's key) sees it. */
export interface VisitorJam {
  id: string;
  host: VisitorPerson;
  visitor: true;
  member: false;
  ended: boolean;
  listeners: number;
  version: number;
  playing: boolean;
  position: number;
  serverTime: number;
  queue: VisitorEntry[];
  /** Queued songs after those listed. */
  more: number;
}

/** How often a visitor's page reads the Jam again (ms). */
export const VISITOR_POLL = 2_000;

/** The listen-only link of a Jam, for the host to share. */
export const listenLink = (id: string, key: string) =>
  `${window.location.origin}/jam/${encodeURIComponent(id)}?listen=${encodeURIComponent(key)}`;

/** The answers after which reading again is pointless: no key, a dead key, no Jam, an ended one. */
const finalStatus = (err: unknown) =>
  err instanceof ApiError && [401, 403, 404, 410].includes(err.status);

/** GET /api/jams/{id}/listen, read again every VISITOR_POLL until the key stops working. */
export const visitorJamQuery = (id: string, key: string) =>
  queryOptions({
    queryKey: [...queryKeys.jams.all, 'listen', id, key] as const,
    queryFn: ({ signal }) =>
      api<VisitorJam>(`${path(id)}/listen?key=${encodeURIComponent(key)}`, { signal }),
    refetchInterval: (query) =>
      finalStatus(query.state.error) || query.state.data?.ended ? false : VISITOR_POLL,
    refetchIntervalInBackground: true,
    retry: (count, err) => !finalStatus(err) && count < 3,
  });

export const useAddToJam = (id: string) =>
  useJamChange(
    id,
    ({ songs, next = false }: { songs: string[]; next?: boolean }) =>
      addSongsToJam(id, songs, next) as Promise<Jam>,
  );

export const useMoveInJam = (id: string) =>
  useJamChange(id, ({ entry, index }: { entry: string; index: number }) =>
    api<Jam>(`${path(id)}/queue/${encodeURIComponent(entry)}`, { method: 'PUT', body: { index } }),
  );

export const useDropFromJam = (id: string) =>
  useJamChange(id, (entry: string) =>
    api<Jam>(`${path(id)}/queue/${encodeURIComponent(entry)}`, { method: 'DELETE' }),
  );

export const useJamPlayback = (id: string) =>
  useJamChange(
    id,
    ({ action, position, entry }: { action: PlaybackAction; position?: number; entry?: string }) =>
      api<Jam>(`${path(id)}/playback`, { method: 'POST', body: { action, position, entry } }),
  );
