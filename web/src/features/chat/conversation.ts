import type { ChatAction, ChatTurn } from './api/send-message';

/** The first message, always at the top, never sent as history. */
export const WELCOME = 'Welcome to Musicify. How can I help you?';
/** The incoming error bubble. */
export const CHAT_ERROR = 'Oops! Something went wrong. Please try again.';
/** The reply shows no sooner than this after sending, however fast the server is. */
export const REPLY_DELAY_MS = 600;
/** Enter without Shift sends only in windows wider than this; else it adds a line. */
export const ENTER_SENDS_ABOVE = 800;
/** How many earlier messages go with each new one. */
export const HISTORY_TURNS = 20;
/** How many messages the tab keeps. */
const KEPT_MESSAGES = 100;

/** A bubble: sent by the user, answered by the assistant, or the error bubble. */
export interface ChatMessage {
  id: string;
  type: 'outgoing' | 'incoming' | 'error';
  text: string;
  /** Incoming: what the assistant offers to do. */
  actions?: ChatAction[];
  /** Error: the server's own sentence, when it gave one. */
  detail?: string;
}

/** Where a user's conversation lives for the tab's session. */
export function storageKey(userId: string): string {
  return `musicify.chat.${userId}`;
}

export function isConversation(v: unknown): v is ChatMessage[] {
  return (
    Array.isArray(v) &&
    v.every((m) => {
      if (!m || typeof m !== 'object') return false;
      const x = m as Record<string, unknown>;
      return (
        typeof x.id === 'string' &&
        typeof x.text === 'string' &&
        (x.type === 'outgoing' || x.type === 'incoming' || x.type === 'error') &&
        (x.actions === undefined || Array.isArray(x.actions))
      );
    })
  );
}

/** What is worth keeping: the latest messages. */
export function kept(messages: ChatMessage[]): ChatMessage[] {
  return messages.slice(-KEPT_MESSAGES);
}

/** The conversation as the assistant reads it: the last turns, without error bubbles. */
export function historyOf(messages: ChatMessage[]): ChatTurn[] {
  return messages
    .filter((m) => m.type !== 'error')
    .map((m): ChatTurn => ({ role: m.type === 'outgoing' ? 'user' : 'assistant', text: m.text }))
    .slice(-HISTORY_TURNS);
}

/** Whether Enter (without Shift) sends in a window this wide. */
export function enterSends(width: number): boolean {
  return width > ENTER_SENDS_ABOVE;
}

/**
 * The conversation with the playlist `playlistId` noted on the action at
 * `actionIndex` of message `messageId` (a 'create_playlist' that made it).
 * Unchanged when that message is gone.
 */
export function withCreated(
  messages: ChatMessage[],
  messageId: string,
  actionIndex: number,
  playlistId: string,
): ChatMessage[] {
  return messages.map((m) =>
    m.id === messageId && m.actions?.[actionIndex]
      ? {
          ...m,
          actions: m.actions.map((a, i) => (i === actionIndex ? { ...a, created: playlistId } : a)),
        }
      : m,
  );
}

let ids = 0;
export function messageId(): string {
  ids += 1;
  return `${Date.now().toString(36)}-${ids}`;
}
