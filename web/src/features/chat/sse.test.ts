import { describe, expect, it } from 'vitest';
import { EventStreamParser, readEventStream, type ServerEvent } from './sse';

const stream =
  ': a comment the server may send to keep the line open\n' +
  'event: delta\ndata: {"text":"I found “Midnight Harbour” "}\n\n' +
  'event: delta\r\ndata: {"text":"by neon harbor ♪"}\r\n\r\n' +
  'event: done\rdata: {"reply":"I found it.",\rdata: "actions":[]}\r\r' +
  'data: no type\n\n' +
  'event: error\ndata:{"message":"Gone"}\n\n';

const expected: ServerEvent[] = [
  { event: 'delta', data: '{"text":"I found “Midnight Harbour” "}' },
  { event: 'delta', data: '{"text":"by neon harbor ♪"}' },
  { event: 'done', data: '{"reply":"I found it.",\n"actions":[]}' },
  { event: 'message', data: 'no type' },
  { event: 'error', data: '{"message":"Gone"}' },
];

function parseInPieces(pieces: string[]): ServerEvent[] {
  const events: ServerEvent[] = [];
  const parser = new EventStreamParser((e) => events.push(e));
  pieces.forEach((p) => parser.push(p));
  parser.end();
  return events;
}

/** A body that hands out the bytes in the chunks given. */
function body(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      chunks.forEach((c) => controller.enqueue(c));
      controller.close();
    },
  });
}

describe('the server-sent events parser', () => {
  it('reads delta, done and error events with any line ending', () => {
    expect(parseInPieces([stream])).toEqual(expected);
  });

  it('gives the same events however the text is cut in two', () => {
    for (let i = 1; i < stream.length; i++) {
      expect(parseInPieces([stream.slice(0, i), stream.slice(i)]), `cut at ${i}`).toEqual(expected);
    }
  });

  it('gives the same events one character at a time', () => {
    expect(parseInPieces(Array.from(stream))).toEqual(expected);
  });

  it('hands over a last event that the stream ended without a blank line', () => {
    expect(parseInPieces(['event: done\ndata: {}'])).toEqual([{ event: 'done', data: '{}' }]);
  });

  it('decodes UTF-8 split inside a character, at every byte', async () => {
    const bytes = new TextEncoder().encode(stream);
    for (let i = 1; i < bytes.length; i += 3) {
      const events: ServerEvent[] = [];
      await readEventStream(body([bytes.slice(0, i), bytes.slice(i)]), (e) => events.push(e));
      expect(events, `cut at byte ${i}`).toEqual(expected);
    }
    const events: ServerEvent[] = [];
    await readEventStream(body(Array.from(bytes, (b) => new Uint8Array([b]))), (e) =>
      events.push(e),
    );
    expect(events).toEqual(expected);
  });
});
