/** The server's default upload limit (MUSICIFY_MAX_UPLOAD_MB). */
export const MAX_UPLOAD_MB = 200;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
export const MAX_NAME_LENGTH = 200;
export const MAX_LYRICS_LENGTH = 100_000;

export interface UploadFields {
  name: string;
  audio: File | null;
  cover: File | null;
  text: string;
}

export type UploadErrors = Partial<Record<'name' | 'audio' | 'cover' | 'text', string>>;

/** '1.5 MB', '250 MB': a size as people read it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** Checks the upload form before anything is sent; an empty result means it may go. */
export function validateUpload({ name, audio, cover, text }: UploadFields): UploadErrors {
  const errors: UploadErrors = {};
  const trimmed = name.trim();
  if (trimmed === '') errors.name = 'Please give the song a name.';
  else if (trimmed.length > MAX_NAME_LENGTH) {
    errors.name = `The song name can be at most ${MAX_NAME_LENGTH} characters.`;
  }

  if (!audio) errors.audio = 'Please choose an audio file.';
  else if (audio.size === 0) errors.audio = 'This file is empty. Please choose another one.';
  else if (audio.size > MAX_UPLOAD_BYTES) {
    errors.audio = `This file is ${formatSize(audio.size)}. Songs can be at most ${MAX_UPLOAD_MB} MB.`;
  } else if (cover && audio.size + cover.size > MAX_UPLOAD_BYTES) {
    const total = formatSize(audio.size + cover.size);
    errors.cover = `With this cover the upload comes to ${total}, over the ${MAX_UPLOAD_MB} MB limit.`;
  }

  if (text.length > MAX_LYRICS_LENGTH) {
    errors.text = `Lyrics can be at most ${MAX_LYRICS_LENGTH.toLocaleString('en')} characters.`;
  }
  return errors;
}
