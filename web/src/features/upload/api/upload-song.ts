import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, fallbackMessage, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';
import { MAX_UPLOAD_MB } from '../validation';

export interface UploadInput {
  name: string;
  audio: File;
  cover: File | null;
  text: string;
  /** Percent of the request body sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface UploadResponse {
  message?: string;
  /** The input a refusal is about (docs/api.md). */
  field?: string;
  song?: Song;
}

function parse(text: string): UploadResponse | undefined {
  try {
    return JSON.parse(text) as UploadResponse;
  } catch {
    return undefined;
  }
}

function failure(status: number, body: UploadResponse | undefined): ApiError {
  const message =
    typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : '';
  const field = typeof body?.field === 'string' && body.field !== '' ? body.field : undefined;
  if (message) return new ApiError(status, message, field);
  if (status === 413)
    return new ApiError(
      status,
      `The upload is larger than the ${MAX_UPLOAD_MB} MB limit.`,
      'audio',
    );
  return new ApiError(status, fallbackMessage(status));
}

/**
 * POST /api/upload as multipart, through XMLHttpRequest so the progress of
 * the body can be shown. Resolves with the new song; fails with the server's message.
 */
export function uploadSong({
  name,
  audio,
  cover,
  text,
  onProgress,
  signal,
}: UploadInput): Promise<Song> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('song', name.trim());
    form.append('audio', audio, audio.name);
    if (cover) form.append('cover', cover, cover.name);
    if (text.trim() !== '') form.append('text', text);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.round((e.loaded / e.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body?.message === 'success' && body.song) {
        resolve(body.song);
      } else if (xhr.status >= 200 && xhr.status < 300) {
        reject(
          new ApiError(
            xhr.status,
            'The server sent an answer we could not read. Please try again.',
          ),
        );
      } else {
        reject(failure(xhr.status, body));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE)));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload canceled', 'AbortError')));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('Upload canceled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** Uploads a song and refreshes the song and artist lists. */
export function useUploadSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSong,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.artists.all });
    },
  });
}
