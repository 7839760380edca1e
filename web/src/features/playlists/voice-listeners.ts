import { ApiError, errorMessage } from '@/lib/api-client';
import {
  isVoiceCommand,
  matchCommand,
  matchRequest,
  type SpeechRecognitionConstructor,
  type VoiceCommand,
  type VoiceRequest,
} from './voice';

/** How long each recording sent to the server lasts. */
export const CLIP_MS = 2000;

export interface ListenerEvents {
  /** What was heard so far (interim words, or the command the server recognized). */
  onHeard: (text: string) => void;
  onCommand: (command: VoiceCommand) => void;
  /** A longer request ('play something calm'), heard whole. */
  onRequest: (request: VoiceRequest) => void;
  /** Listening cannot go on; the sentence says why. */
  onFatal: (message: string) => void;
  /** The browser's own recognition cannot work here (no service, no capture): try another way. */
  onUnavailable: () => void;
}

/** Stops listening and lets go of the microphone. */
export type StopListening = () => void;

export const MIC_BLOCKED =
  'Musicify may not use the microphone. Allow it in the browser to give voice commands.';
const NO_MIC = 'No microphone was found. Plug one in and try again.';
export const MIC_LOST = 'The microphone went away. Plug it in or allow it again, then turn it on.';
const CANNOT_RECORD = 'This browser cannot record the microphone.';

/** Why the microphone could not be opened, in words a person can act on. */
function micError(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return MIC_BLOCKED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return NO_MIC;
  return 'The microphone could not be opened. Please try again.';
}

/**
 * Listens with the browser's own speech recognition: continuous, with
 * interim results shown as heard; a final result that ends in a command
 * runs it. Chrome stops after a silence, so it starts again until stopped.
 */
export function listenWithSpeech(
  Recognition: SpeechRecognitionConstructor,
  events: ListenerEvents,
): StopListening {
  let stopped = false;
  const rec = new Recognition();
  rec.continuous = true;
  rec.interimResults = true;
  rec.lang = 'en-US';
  rec.onresult = (e) => {
    let heard = '';
    for (let i = e.resultIndex; i < e.results.length; i++) {
      const result = e.results[i];
      if (!result) continue;
      const words = result[0].transcript;
      heard += words;
      if (result.isFinal) {
        const request = matchRequest(words);
        const command = request ? null : matchCommand(words);
        if (request) events.onRequest(request);
        else if (command) events.onCommand(command);
      }
    }
    if (heard.trim() !== '') events.onHeard(heard.trim());
  };
  rec.onerror = (e) => {
    if (e.error === 'no-speech' || e.error === 'aborted') return;
    stopped = true;
    // Denied by the listener: no other way will be allowed either. Anything
    // else (no network for the service, no capture of its own) may work by recording.
    if (e.error === 'not-allowed') events.onFatal(MIC_BLOCKED);
    else events.onUnavailable();
  };
  rec.onend = () => {
    if (stopped) return;
    try {
      rec.start();
    } catch {
      // Already started again.
    }
  };
  try {
    rec.start();
  } catch {
    stopped = true;
    events.onUnavailable();
  }
  return () => {
    stopped = true;
    rec.onresult = null;
    rec.onerror = null;
    rec.onend = null;
    rec.abort();
  };
}

/**
 * Listens by recording the microphone in short clips, one after the other,
 * and sending each to the server to recognize. A clip without a command
 * (400) changes nothing; any other failure ends listening with its reason.
 */
export function listenWithRecorder(
  recognize: (clip: Blob, signal: AbortSignal) => Promise<{ command: string; text?: string }>,
  events: ListenerEvents,
  clipMs = CLIP_MS,
): StopListening {
  let stopped = false;
  let stream: MediaStream | null = null;
  let recorder: MediaRecorder | null = null;
  let timer: number | undefined;
  const uploads = new AbortController();

  function fail(message: string) {
    if (stopped) return;
    stop();
    events.onFatal(message);
  }

  async function send(clip: Blob) {
    try {
      const { command, text } = await recognize(clip, uploads.signal);
      if (stopped) return;
      const request = text ? matchRequest(text) : null;
      if (request) {
        events.onHeard(request.text);
        events.onRequest(request);
        return;
      }
      if (!isVoiceCommand(command)) return;
      events.onHeard(command);
      events.onCommand(command);
    } catch (err) {
      if (stopped) return;
      // 'We did not catch a command': keep listening.
      if (err instanceof ApiError && err.status === 400) return;
      fail(errorMessage(err));
    }
  }

  /** Records the next clip; a recorder that cannot start ends listening. */
  function record() {
    try {
      recordClip();
    } catch {
      fail(CANNOT_RECORD);
    }
  }

  function recordClip() {
    if (stopped || !stream) return;
    const chunks: Blob[] = [];
    const clip = new MediaRecorder(stream);
    recorder = clip;
    clip.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    clip.onstop = () => {
      if (stopped) return;
      if (chunks.length > 0) void send(new Blob(chunks, { type: clip.mimeType || 'audio/webm' }));
      record();
    };
    clip.start();
    timer = window.setTimeout(() => {
      if (clip.state !== 'inactive') clip.stop();
    }, clipMs);
  }

  function stop() {
    stopped = true;
    window.clearTimeout(timer);
    uploads.abort();
    if (recorder && recorder.state !== 'inactive') {
      recorder.onstop = null;
      recorder.stop();
    }
    stream?.getTracks().forEach((t) => t.stop());
  }

  navigator.mediaDevices.getUserMedia({ audio: true }).then(
    (s) => {
      if (stopped) {
        s.getTracks().forEach((t) => t.stop());
        return;
      }
      stream = s;
      // Unplugged, or the permission taken back: nothing would be heard again.
      s.getTracks().forEach((t) => (t.onended = () => fail(MIC_LOST)));
      record();
    },
    (err: unknown) => fail(micError(err)),
  );

  return stop;
}
