import {
  currentSong,
  getPlayerState,
  next,
  playShuffled,
  playSongs,
  previous,
  setPlaying,
  setRepeat,
} from '@/lib/player-store';
import type { Song } from '@/lib/song';

/** The original app's exact words when the browser cannot listen at all. */
export const VOICE_UNSUPPORTED = "Browser doesn't support speech recognition.";

/** The six voice commands. */
export const VOICE_COMMANDS = ['start', 'shuffle', 'pause', 'previous', 'next', 'play'] as const;
export type VoiceCommand = (typeof VOICE_COMMANDS)[number];

export function isVoiceCommand(word: unknown): word is VoiceCommand {
  return typeof word === 'string' && (VOICE_COMMANDS as readonly string[]).includes(word);
}

/**
 * How this browser can take voice commands: its own speech recognition, or
 * short recordings the server recognizes, or not at all.
 */
export type VoiceSupport = 'speech' | 'recorder' | 'none';

/** The browser's speech recognition, as much of it as the app uses. */
export interface SpeechRecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: SpeechResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  abort: () => void;
}

export interface SpeechResultEvent {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

interface VoiceWindow {
  SpeechRecognition?: unknown;
  webkitSpeechRecognition?: unknown;
  MediaRecorder?: unknown;
  navigator?: { mediaDevices?: { getUserMedia?: unknown } };
}

/** The standard or the WebKit-prefixed speech recognition, where there is one. */
export function speechRecognitionOf(win: object = window): SpeechRecognitionConstructor | null {
  const w = win as VoiceWindow;
  const ctor = w.SpeechRecognition ?? w.webkitSpeechRecognition;
  return typeof ctor === 'function' ? (ctor as SpeechRecognitionConstructor) : null;
}

/** Whether the browser can record the microphone (getUserMedia and MediaRecorder). */
export function canRecord(win: object = window): boolean {
  const w = win as VoiceWindow;
  return (
    typeof w.MediaRecorder === 'function' &&
    typeof w.navigator?.mediaDevices?.getUserMedia === 'function'
  );
}

export function voiceSupport(win: object = window): VoiceSupport {
  if (speechRecognitionOf(win)) return 'speech';
  if (canRecord(win)) return 'recorder';
  return 'none';
}

/**
 * The command in what was heard: the last of its words that is one
 * ('skip to the next one… next' → 'next'), or null.
 */
export function matchCommand(heard: string): VoiceCommand | null {
  const words = heard.toLowerCase().match(/[a-z]+/g) ?? [];
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i];
    if (isVoiceCommand(word)) return word;
  }
  return null;
}

/**
 * Does what a command says to the player, for a playlist of `songs`: start
 * and play play the playlist when nothing is chosen yet, else resume; pause;
 * next; previous (the first song starts over); shuffle plays it shuffled.
 */
export function runCommand(command: VoiceCommand, songs: Song[]): void {
  const state = getPlayerState();
  switch (command) {
    case 'start':
    case 'play':
      if (currentSong(state)) setPlaying(true);
      else if (songs.length > 0) playSongs(songs, 0);
      return;
    case 'pause':
      setPlaying(false);
      return;
    case 'next':
      next();
      return;
    case 'previous':
      previous();
      return;
    case 'shuffle':
      playShuffled(songs);
      return;
  }
}

/**
 * A longer thing said, with the assistant's intents: 'play something calm',
 * 'shuffle my liked songs', 'repeat this song'. The server's grammar has the
 * same sentences (internal/speech).
 */
export interface VoiceRequest {
  command: 'play' | 'shuffle' | 'repeat';
  text: string;
}

const REQUEST =
  /\b(?:(play|shuffle) (?:something \w+|some \w+|music for \w+|my liked songs|my likes|my favou?rites)|(repeat) (?:this|the) song)\b/;

/** The request in what was heard ('ok, play something calm please'), or null. */
export function matchRequest(heard: string): VoiceRequest | null {
  const m = REQUEST.exec(
    heard
      .toLowerCase()
      .replace(/[^a-z ]+/g, ' ')
      .replace(/\s+/g, ' '),
  );
  if (!m) return null;
  const command = (m[1] ?? m[2]) as VoiceRequest['command'];
  return { command, text: m[0] };
}

/**
 * Does a request: 'repeat this song' repeats the song that plays; the others
 * ask the assistant and play (or shuffle) the songs it offers. Returns the
 * assistant's reply, to show.
 */
export async function runRequest(
  request: VoiceRequest,
  ask: (text: string) => Promise<{ reply: string; actions: { type: string; songs?: Song[] }[] }>,
): Promise<string> {
  if (request.command === 'repeat') {
    setRepeat('one');
    return 'Repeating this song.';
  }
  const answer = await ask(request.text);
  const songs = answer.actions.find((a) => a.type === 'play' && (a.songs?.length ?? 0) > 0)?.songs;
  if (songs) {
    if (request.command === 'shuffle') playShuffled(songs);
    else playSongs(songs, 0);
  }
  return answer.reply;
}
