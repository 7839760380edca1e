import { ApiError, fallbackMessage, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import type { Song } from '@/lib/song';
import { readEventStream } from '../sse';

/** The actions the app performs on the player as soon as an answer arrives. */
export type PlayerActionType =
  | 'queue'
  | 'play_next'
  | 'next'
  | 'previous'
  | 'pause'
  | 'resume'
  | 'volume'
  | 'seek'
  | 'repeat'
  | 'shuffle';

/**
 * Something the assistant does or offers to do: a player action, performed
 * at once, or a button under its reply (play, open_playlist, create_playlist,
 * add_to_playlist).
 */
export interface ChatAction {
  type: 'play' | 'open_playlist' | 'create_playlist' | 'add_to_playlist' | PlayerActionType;
  label: string;
  /** play, queue, play_next, create_playlist, add_to_playlist: the songs. */
  songs?: Song[];
  /** volume: the new volume, 0–1. */
  volume?: number;
  /** seek: where to, in seconds. */
  position?: number;
  /** repeat: the new mode. */
  mode?: 'off' | 'all' | 'one';
  /** shuffle: on or off. */
  on?: boolean;
  /** play: play at once as well as offering the button. */
  now?: boolean;
  /** open_playlist, add_to_playlist: the playlist's id. */
  playlist?: string;
  /** create_playlist: the new playlist's name. */
  name?: string;
  /**
   * create_playlist: the id of the playlist it made (or found), once done. Kept
   * with the conversation, so the button opens it instead of making another.
   */
  created?: string;
}

export interface ChatAnswer {
  reply: string;
  actions: ChatAction[];
}

/** One earlier message of the conversation, for context. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** The player as the assistant sees it: song ids, seconds, volume 0–1. */
export interface PlayerSnapshot {
  song: string | null;
  position: number;
  queue: string[];
  volume: number;
  repeat: 'off' | 'all' | 'one';
  shuffle: boolean;
}

export interface ChatRequest {
  message: string;
  history: ChatTurn[];
  player?: PlayerSnapshot;
}

interface SendOptions {
  /** A piece of the reply as the assistant writes it (streaming only). */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

const ACTION_TYPES = new Set([
  'play',
  'open_playlist',
  'create_playlist',
  'add_to_playlist',
  'queue',
  'play_next',
  'next',
  'previous',
  'pause',
  'resume',
  'volume',
  'seek',
  'repeat',
  'shuffle',
]);

function isAction(v: unknown): v is ChatAction {
  if (!v || typeof v !== 'object') return false;
  const a = v as Record<string, unknown>;
  return typeof a.type === 'string' && ACTION_TYPES.has(a.type) && typeof a.label === 'string';
}

/** The answer, or an error when the server sent something else. */
function toAnswer(v: unknown, status: number): ChatAnswer {
  const a = v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  if (typeof a.reply !== 'string') {
    throw new ApiError(status, 'The assistant sent an answer we could not read.');
  }
  const actions = Array.isArray(a.actions) ? a.actions.filter(isAction) : [];
  return { reply: a.reply, actions };
}

function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function messageOf(v: unknown): string | undefined {
  const m = v && typeof v === 'object' ? (v as { message?: unknown }).message : undefined;
  return typeof m === 'string' && m.trim() !== '' ? m : undefined;
}

/** Streams where the browser can read a response as it arrives; else one JSON answer. */
function canStream(): boolean {
  return typeof ReadableStream !== 'undefined' && typeof TextDecoder !== 'undefined';
}

/**
 * Reads the events of a streamed answer: deltas, then done or error. Once the
 * request is aborted, events already read are dropped, not handed over.
 */
async function readStreamedAnswer(
  body: ReadableStream<Uint8Array>,
  status: number,
  onDelta?: (text: string) => void,
  signal?: AbortSignal,
): Promise<ChatAnswer> {
  const outcome: { answer?: ChatAnswer; failure?: string } = {};
  await readEventStream(body, ({ event, data }) => {
    if (signal?.aborted) return;
    const value = parseJSON(data);
    if (event === 'delta') {
      const text = value && typeof value === 'object' ? (value as { text?: unknown }).text : null;
      if (typeof text === 'string') onDelta?.(text);
    } else if (event === 'done') {
      outcome.answer = toAnswer(value, status);
    } else if (event === 'error') {
      outcome.failure = messageOf(value) ?? fallbackMessage(500);
    }
  });
  if (signal?.aborted) throw new DOMException('The chat request was aborted.', 'AbortError');
  if (outcome.failure !== undefined) throw new ApiError(503, outcome.failure);
  if (!outcome.answer) throw new ApiError(status, 'The answer was cut off. Please try again.');
  return outcome.answer;
}

/**
 * POST /api/assistant/chat: sends a message with the conversation so far.
 * The answer streams as server-sent events where the browser can read them,
 * each piece passed to `onDelta`; otherwise it comes as one JSON answer.
 */
export async function sendMessage(
  request: ChatRequest,
  { onDelta, signal }: SendOptions = {},
): Promise<ChatAnswer> {
  const stream = canStream();
  let res: Response;
  try {
    res = await fetch('/api/assistant/chat', {
      method: 'POST',
      headers: {
        Accept: stream ? 'text/event-stream' : 'application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(request),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) {
    const body = parseJSON(await res.text());
    throw new ApiError(res.status, messageOf(body) ?? fallbackMessage(res.status));
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (type.includes('text/event-stream') && res.body) {
    return readStreamedAnswer(res.body, res.status, onDelta, signal);
  }
  return toAnswer(parseJSON(await res.text()), res.status);
}
