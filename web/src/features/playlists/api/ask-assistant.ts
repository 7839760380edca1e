import { api } from '@/lib/api-client';
import type { Song } from '@/lib/song';

/** The part of the assistant's answer a spoken request uses. */
export interface SpokenAnswer {
  reply: string;
  actions: { type: string; label: string; songs?: Song[] }[];
}

/**
 * POST /api/assistant/chat for a spoken request ('play something calm'):
 * the same assistant the chat uses, without history, answered as JSON.
 */
export function askAssistant(message: string, signal?: AbortSignal): Promise<SpokenAnswer> {
  return api<SpokenAnswer>('/api/assistant/chat', {
    method: 'POST',
    body: { message, history: [] },
    signal,
  });
}
