/** A byte range of a body of `size` bytes, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header for one range ('bytes=0-', 'bytes=100-199',
 * 'bytes=-500'). Returns null for no header (or one we do not read, which
 * is then answered with the whole body), and 'unsatisfiable' when it asks
 * for nothing the body has.
 */
export function parseRange(
  header: string | null,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!m) return null;
  const [, from = '', to = ''] = m;
  if (from === '' && to === '') return null;
  if (from === '') {
    // A suffix: the last n bytes.
    const n = Number(to);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Answers a request from a stored body as a server would: 206 with the
 * asked slice and Content-Range, 416 when the range is outside the body,
 * 200 with everything when no range was asked. Audio elements always ask
 * for ranges, and Chrome will not seek in an answer that ignores them.
 */
export async function answerRange(stored: Response, rangeHeader: string | null): Promise<Response> {
  const blob = await stored.blob();
  const size = blob.size;
  const type = stored.headers.get('Content-Type') ?? blob.type ?? 'application/octet-stream';
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    return new Response(null, {
      status: 416,
      headers: { 'Content-Range': `bytes */${size}`, 'Accept-Ranges': 'bytes' },
    });
  }
  if (range === null) {
    return new Response(blob, {
      status: 200,
      headers: { 'Content-Type': type, 'Content-Length': String(size), 'Accept-Ranges': 'bytes' },
    });
  }
  const slice = blob.slice(range.start, range.end + 1, type);
  return new Response(slice, {
    status: 206,
    headers: {
      'Content-Type': type,
      'Content-Length': String(slice.size),
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
      'Accept-Ranges': 'bytes',
    },
  });
}
