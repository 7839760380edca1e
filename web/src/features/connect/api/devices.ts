import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RepeatMode } from '@/lib/player-store';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** What a device plays, as it last reported. */
export interface DeviceState {
  playing: boolean;
  /** Seconds into the song at serverTime. */
  position: number;
  serverTime: number;
  index: number;
  song: Song | null;
  upNext: { index: number; song: Song }[];
  queue: string[];
  queueSize: number;
  shuffle: boolean;
  repeat: RepeatMode;
  volume: number;
}

export interface Device {
  id: string;
  name: string;
  online: boolean;
  /** When it was last there (ms); null once it left. */
  seen: number | null;
  jukebox: boolean;
  state: DeviceState;
}

/** An order for a device (POST /api/devices/{id}/commands). */
export type Command =
  | { type: 'play' | 'pause' | 'next' | 'previous' | 'clear' }
  | { type: 'seek'; position: number }
  | { type: 'jump'; index: number; position?: number }
  | { type: 'volume'; volume: number }
  | { type: 'shuffle'; on: boolean }
  | { type: 'repeat'; mode: RepeatMode }
  | { type: 'add' | 'set'; songs: string[] }
  | { type: 'remove'; index: number }
  | { type: 'take'; state: ReportedState };

/** What this device tells the server it plays (PUT /api/devices/{id}/state). */
export interface ReportedState {
  queue: string[];
  index: number;
  playing: boolean;
  position: number;
  shuffle: boolean;
  repeat: RepeatMode;
  volume: number;
}

/** Where a device is now by its last report: a playing song has moved on since. */
export function positionNow(st: DeviceState, now = Date.now()): number {
  return st.playing ? st.position + Math.max(0, now - st.serverTime) / 1000 : st.position;
}

/** A device's state as a report, as of now: what moves to another device. */
export function reportedNow(st: DeviceState, now = Date.now()): ReportedState {
  const { queue, index, playing, shuffle, repeat, volume } = st;
  return { queue, index, playing, position: positionNow(st, now), shuffle, repeat, volume };
}

const path = (id: string) => `/api/devices/${encodeURIComponent(id)}`;

/** GET /api/devices: every device of the caller's. */
export const devicesQuery = () =>
  queryOptions({
    queryKey: queryKeys.devices.all,
    queryFn: async ({ signal }) =>
      (await api<{ devices: Device[] }>('/api/devices', { signal })).devices,
    // Changes arrive over the live connection, which reads the list again.
    staleTime: Infinity,
  });

/** POST /api/devices: this browser's device, the one it had or a new one. */
export const registerDevice = (id: string | null, name: string) =>
  api<Device>('/api/devices', { method: 'POST', body: { id: id ?? '', name } });

export const renameDevice = (id: string, name: string) =>
  api<unknown>(path(id), { method: 'PUT', body: { name } });

export const forgetDevice = (id: string) => api<unknown>(path(id), { method: 'DELETE' });

export const reportState = (id: string, state: ReportedState) =>
  api<unknown>(`${path(id)}/state`, { method: 'PUT', body: state });

export const sendCommand = (target: string, command: Command, from: string | null) =>
  api<unknown>(`${path(target)}/commands`, {
    method: 'POST',
    body: { ...command, from: from ?? '' },
  });

/** POST /api/songs/lookup: songs by id, in order, without those that are gone. */
export const lookupSongs = async (ids: string[]) =>
  ids.length === 0
    ? []
    : (await api<{ songs: Song[] }>('/api/songs/lookup', { method: 'POST', body: { ids } })).songs;
