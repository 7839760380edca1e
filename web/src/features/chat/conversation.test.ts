import { describe, expect, it } from 'vitest';
import {
  enterSends,
  historyOf,
  isConversation,
  withCreated,
  type ChatMessage,
} from './conversation';

describe('the Enter rule', () => {
  it('sends only in windows wider than 800 px', () => {
    expect(enterSends(1280)).toBe(true);
    expect(enterSends(801)).toBe(true);
    expect(enterSends(800)).toBe(false);
    expect(enterSends(390)).toBe(false);
  });
});

describe('the history sent with a message', () => {
  it('names who said what, leaves error bubbles out and keeps the last 20', () => {
    const messages: ChatMessage[] = [
      { id: '1', type: 'outgoing', text: 'hi' },
      { id: '2', type: 'error', text: 'Oops! Something went wrong. Please try again.' },
      { id: '3', type: 'incoming', text: 'Hello!', actions: [] },
    ];
    expect(historyOf(messages)).toEqual([
      { role: 'user', text: 'hi' },
      { role: 'assistant', text: 'Hello!' },
    ]);
    const many = Array.from({ length: 25 }, (_, i): ChatMessage => ({
      id: String(i),
      type: 'outgoing',
      text: String(i),
    }));
    expect(historyOf(many).map((t) => t.text)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 5)),
    );
  });

  it('reads back only what looks like a conversation', () => {
    expect(isConversation([{ id: '1', type: 'incoming', text: 'x' }])).toBe(true);
    expect(isConversation([{ id: '1', type: 'shout', text: 'x' }])).toBe(false);
    expect(isConversation({})).toBe(false);
  });
});

describe('a playlist made from a reply', () => {
  it('is noted on that action of that message only', () => {
    const messages: ChatMessage[] = [
      { id: '1', type: 'outgoing', text: 'make two playlists' },
      {
        id: '2',
        type: 'incoming',
        text: 'Here you go.',
        actions: [
          { type: 'create_playlist', label: 'Create “A”', name: 'A' },
          { type: 'create_playlist', label: 'Create “B”', name: 'B' },
        ],
      },
    ];
    const next = withCreated(messages, '2', 1, 'p9');
    expect(next[1]?.actions?.map((a) => a.created)).toEqual([undefined, 'p9']);
    expect(next[0]).toBe(messages[0]);
    expect(messages[1]?.actions?.[1]?.created).toBeUndefined();
    expect(isConversation(next)).toBe(true);
    // A message that is gone (the conversation started over) changes nothing.
    expect(withCreated(messages, '7', 0, 'p9')).toEqual(messages);
  });
});
