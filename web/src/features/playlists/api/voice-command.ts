import { api } from '@/lib/api-client';

/**
 * POST /api/voice/command: a short recording (multipart `audio`) for the
 * server to recognize. `{command}` for one of the six commands, `{command,
 * text}` for a request ('play something calm'); 400 when it heard none, 415
 * for audio it cannot read, 503 when it cannot recognize speech.
 */
export function recognizeCommand(
  clip: Blob,
  signal?: AbortSignal,
): Promise<{ command: string; text?: string }> {
  const form = new FormData();
  const ext = clip.type.includes('ogg') ? 'ogg' : clip.type.includes('mp4') ? 'm4a' : 'webm';
  form.append('audio', clip, `command.${ext}`);
  return api<{ command: string; text?: string }>('/api/voice/command', {
    method: 'POST',
    body: form,
    signal,
  });
}
