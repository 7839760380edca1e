import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';

/** The playlist files the import reads; the server checks the content too. */
export const PLAYLIST_FILE_EXTENSIONS = ['.m3u', '.m3u8', '.pls', '.xspf'];

/** The server's limit on an imported playlist file. */
export const MAX_PLAYLIST_FILE_BYTES = 5 * 1024 * 1024;

/** An entry of the file that matched no song. */
export interface UnmatchedEntry {
  index: number;
  line?: number;
  location?: string;
  title?: string;
  artist?: string;
  duration?: number;
}

export interface ImportReport {
  message: string;
  playlist: Playlist;
  entries: number;
  found: number;
  repeated: number;
  unmatched: UnmatchedEntry[];
}

export interface ImportInput {
  name: string;
  file: File;
}

/** POST /api/playlist/import: multipart `name` and `file`. */
export function importPlaylist({ name, file }: ImportInput): Promise<ImportReport> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file, file.name);
  return api<ImportReport>('/api/playlist/import', { method: 'POST', body: form });
}

/** Imports a playlist file and refreshes the lists that show the new playlist. */
export function useImportPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPlaylist,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.playlists() });
    },
  });
}

/** The playlist's name from a file's: "Road Trip.m3u8" → "Road Trip". */
export function nameFromFile(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').trim();
}

/** Why a chosen file cannot be a playlist file, before it is sent; null when it may be. */
export function fileProblem(file: File): string | null {
  const lower = file.name.toLowerCase();
  if (!PLAYLIST_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext))) {
    return 'Choose an M3U, M3U8, PLS or XSPF playlist file.';
  }
  if (file.size > MAX_PLAYLIST_FILE_BYTES) return 'This playlist file is larger than 5 MB.';
  if (file.size === 0) return 'This file is empty.';
  return null;
}

export type ExportFormat = 'm3u8' | 'xspf';

/** Where a playlist's file downloads from (an attachment, so the page stays). */
export function exportUrl(playlistId: string, format: ExportFormat): string {
  return `/api/playlist/${encodeURIComponent(playlistId)}/export/${format}`;
}
