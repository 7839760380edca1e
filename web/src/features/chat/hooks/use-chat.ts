import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { readSession, writeSession } from '@/lib/storage';
import { sendMessage } from '../api/send-message';
import { performAll, playerSnapshot } from '../player-actions';
import {
  CHAT_ERROR,
  historyOf,
  isConversation,
  kept,
  messageId,
  REPLY_DELAY_MS,
  withCreated,
  type ChatMessage,
} from '../conversation';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export interface Chat {
  messages: ChatMessage[];
  /** A reply is on its way. */
  pending: boolean;
  /** The reply so far while it streams (shown from REPLY_DELAY_MS on), else null. */
  streamed: string | null;
  /** Sends a message; false (and nothing sent) for blank text or while a reply is on its way. */
  send: (text: string) => boolean;
  /** Forgets the conversation. */
  clear: () => void;
  /** Notes on a reply's 'create_playlist' action the playlist it made, for the session. */
  markCreated: (messageId: string, actionIndex: number, playlistId: string) => void;
}

/**
 * A conversation with the assistant, kept for the tab's session under
 * `key` and sent along as history. Each reply (or the error bubble) shows
 * no sooner than 600 ms after sending; a streamed reply grows from then on.
 */
export function useChat(key: string): Chat {
  const [messages, setMessages] = useState<ChatMessage[]>(
    () => readSession(key, isConversation) ?? [],
  );
  const [pending, setPending] = useState(false);
  const [streamed, setStreamed] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    writeSession(key, kept(messages));
  }, [key, messages]);

  // Signing out (the shell goes away) stops a reply on its way.
  useEffect(() => () => running.current?.abort(), []);

  async function ask(text: string, before: ChatMessage[], controller: AbortController) {
    const shown = wait(REPLY_DELAY_MS);
    let sofar = '';
    let open = false;
    void shown.then(() => {
      open = true;
      if (sofar !== '' && !controller.signal.aborted) setStreamed(sofar);
    });
    let reply: ChatMessage;
    try {
      const answer = await sendMessage(
        { message: text, history: historyOf(before), player: playerSnapshot() },
        {
          signal: controller.signal,
          onDelta: (piece) => {
            // A piece read before the user started over belongs to the old conversation.
            if (controller.signal.aborted) return;
            sofar += piece;
            if (open) setStreamed(sofar);
          },
        },
      );
      if (controller.signal.aborted) return;
      // The player acts as soon as the answer is in; the reply shows its buttons.
      performAll(answer.actions);
      reply = { id: messageId(), type: 'incoming', text: answer.reply, actions: answer.actions };
    } catch (err) {
      if (controller.signal.aborted) return;
      const detail = err instanceof ApiError && err.status !== 500 ? err.message : undefined;
      reply = { id: messageId(), type: 'error', text: CHAT_ERROR, detail };
    }
    await shown;
    if (controller.signal.aborted) return;
    running.current = null;
    setMessages((list) => [...list, reply]);
    setStreamed(null);
    setPending(false);
  }

  function send(raw: string): boolean {
    const text = raw.trim();
    if (text === '' || running.current) return false;
    const controller = new AbortController();
    running.current = controller;
    setMessages((list) => [...list, { id: messageId(), type: 'outgoing', text }]);
    setPending(true);
    void ask(text, messages, controller);
    return true;
  }

  function clear() {
    running.current?.abort();
    running.current = null;
    setMessages([]);
    setStreamed(null);
    setPending(false);
  }

  function markCreated(id: string, actionIndex: number, playlistId: string) {
    setMessages((list) => withCreated(list, id, actionIndex, playlistId));
  }

  return { messages, pending, streamed, send, clear, markCreated };
}
