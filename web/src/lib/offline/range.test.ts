import { describe, expect, it } from 'vitest';
import { answerRange, parseRange } from './range';

describe('parseRange', () => {
  it.each([
    ['bytes=0-', { start: 0, end: 999 }],
    ['bytes=100-199', { start: 100, end: 199 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-200', { start: 800, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
  ])('reads %s of a 1000-byte body', (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });

  it.each([['bytes=1000-'], ['bytes=500-400'], ['bytes=-0']])(
    'finds %s unsatisfiable',
    (header) => {
      expect(parseRange(header, 1000)).toBe('unsatisfiable');
    },
  );

  it.each([[null], [''], ['items=0-10'], ['bytes=0-10,20-30'], ['bytes=-']])(
    'answers %s with the whole body',
    (header) => {
      expect(parseRange(header, 1000)).toBeNull();
    },
  );
});

function stored(size: number): Response {
  const bytes = new Uint8Array(size).map((_, i) => i % 251);
  return new Response(bytes, { headers: { 'Content-Type': 'audio/mpeg' } });
}

describe('answerRange', () => {
  it('answers a range with 206, the slice and Content-Range', async () => {
    const res = await answerRange(stored(1000), 'bytes=10-109');
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe('bytes 10-109/1000');
    expect(res.headers.get('Content-Length')).toBe('100');
    expect(res.headers.get('Content-Type')).toBe('audio/mpeg');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body).toHaveLength(100);
    expect(body[0]).toBe(10);
    expect(body[99]).toBe(109);
  });

  it('answers an open range to the end', async () => {
    const res = await answerRange(stored(1000), 'bytes=990-');
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe('bytes 990-999/1000');
    expect((await res.arrayBuffer()).byteLength).toBe(10);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const res = await answerRange(stored(1000), 'bytes=2000-');
    expect(res.status).toBe(416);
    expect(res.headers.get('Content-Range')).toBe('bytes */1000');
  });

  it('answers 200 with everything when no range is asked', async () => {
    const res = await answerRange(stored(1000), null);
    expect(res.status).toBe(200);
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect((await res.arrayBuffer()).byteLength).toBe(1000);
  });
});
