/** One server-sent event: its type ('message' when the stream names none) and its data. */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Parses a text/event-stream as it arrives, in chunks cut anywhere: lines end
 * in \n, \r\n or \r, `data:` lines join with \n, comments (':') are skipped and
 * a blank line hands the event over. Only the fields the app needs are kept.
 */
export class EventStreamParser {
  private buffer = '';
  /** The last chunk ended in \r: a \n starting the next one ends the same line. */
  private afterCR = false;
  private type = '';
  private data: string[] = [];

  constructor(private readonly onEvent: (event: ServerEvent) => void) {}

  push(chunk: string): void {
    let text = chunk;
    if (this.afterCR && text.startsWith('\n')) text = text.slice(1);
    this.afterCR = text.endsWith('\r');
    this.buffer += text;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    // The last piece has no line end yet (or is empty after one): keep it for the next chunk.
    this.buffer = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  /** The stream ended: a last event without its blank line still counts. */
  end(): void {
    if (this.buffer !== '') this.line(this.buffer);
    this.buffer = '';
    this.line('');
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) {
        this.onEvent({ event: this.type || 'message', data: this.data.join('\n') });
      }
      this.type = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.type = value;
    else if (field === 'data') this.data.push(value);
  }
}

/** Reads a response body of server-sent events to its end, decoding UTF-8 split across chunks. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerEvent) => void,
): Promise<void> {
  const parser = new EventStreamParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
