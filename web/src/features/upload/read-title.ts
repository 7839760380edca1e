/**
 * The title a file's tags give, read in the browser so the upload form can
 * fill in the name before anything is sent: ID3v2 (MP3), Vorbis comments
 * (FLAC, Ogg Vorbis, Opus) and MP4 (M4A). Only the start of the file is read,
 * and for MP4 its atom headers and `moov`; anything unreadable is null.
 */
export async function readTitle(file: Blob): Promise<string | null> {
  try {
    const head = await bytes(file, 0, HEAD);
    const title =
      id3Title(head) ??
      flacTitle(head) ??
      oggTitle(head) ??
      (isMP4(head) ? await mp4Title(file) : null);
    return title?.trim() || null;
  } catch {
    return null;
  }
}

/** Enough for the tags of nearly every file; embedded pictures after the title are not needed. */
const HEAD = 256 << 10;

async function bytes(file: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(start, end).arrayBuffer());
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');

function ascii(b: Uint8Array, at: number, n: number): string {
  return latin1.decode(b.subarray(at, at + n));
}

const be32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const le32 = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const syncsafe = (b: Uint8Array, at: number) =>
  (b[at]! << 21) | (b[at + 1]! << 14) | (b[at + 2]! << 7) | b[at + 3]!;

/** TIT2 of an ID3v2.3 or v2.4 tag at the start of the file. */
export function id3Title(b: Uint8Array): string | null {
  if (ascii(b, 0, 3) !== 'ID3') return null;
  const version = b[3]!;
  if (version !== 3 && version !== 4) return null;
  const end = Math.min(b.length, 10 + syncsafe(b, 6));
  let at = 10;
  if (b[5]! & 0x40) at += version === 4 ? syncsafe(b, at) : be32(b, at) + 4; // extended header
  while (at + 10 <= end) {
    const id = ascii(b, at, 4);
    if (!/^[A-Z0-9]{4}$/.test(id)) return null; // padding
    const size = version === 4 ? syncsafe(b, at + 4) : be32(b, at + 4);
    const body = b.subarray(at + 10, Math.min(end, at + 10 + size));
    if (id === 'TIT2') return id3Text(body);
    at += 10 + size;
  }
  return null;
}

/** An ID3 text frame: an encoding byte, then the text (the first of several, NUL-separated). */
function id3Text(body: Uint8Array): string | null {
  const text = body.subarray(1);
  let s: string;
  switch (body[0]) {
    case 0:
      s = latin1.decode(text);
      break;
    case 1:
      s = new TextDecoder(text[0] === 0xfe ? 'utf-16be' : 'utf-16le').decode(text.subarray(2));
      break;
    case 2:
      s = new TextDecoder('utf-16be').decode(text);
      break;
    case 3:
      s = utf8.decode(text);
      break;
    default:
      return null;
  }
  return s.split('\0')[0] ?? null;
}

/** TITLE of a FLAC file's VORBIS_COMMENT block. */
export function flacTitle(b: Uint8Array): string | null {
  if (ascii(b, 0, 4) !== 'fLaC') return null;
  let at = 4;
  while (at + 4 <= b.length) {
    const last = b[at]! & 0x80;
    const type = b[at]! & 0x7f;
    const size = (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!;
    if (type === 4) return commentTitle(b.subarray(at + 4, at + 4 + size));
    if (last) return null;
    at += 4 + size;
  }
  return null;
}

/** TITLE of an Ogg Vorbis or Opus file's comment header (the second packet). */
export function oggTitle(b: Uint8Array): string | null {
  if (ascii(b, 0, 4) !== 'OggS') return null;
  // Put the packets back together from the pages' segments.
  const packets: number[][] = [[]];
  let at = 0;
  while (at + 27 <= b.length && ascii(b, at, 4) === 'OggS' && packets.length <= 2) {
    const segments = b[at + 26]!;
    let data = at + 27 + segments;
    for (let i = 0; i < segments; i++) {
      const n = b[at + 27 + i]!;
      const packet = packets[packets.length - 1]!;
      for (let j = 0; j < n; j++) packet.push(b[data + j]!);
      data += n;
      if (n < 255) packets.push([]);
    }
    at = data;
  }
  const second = packets[1];
  if (!second) return null;
  const p = Uint8Array.from(second);
  if (ascii(p, 0, 8) === 'OpusTags') return commentTitle(p.subarray(8));
  if (p[0] === 3 && ascii(p, 1, 6) === 'vorbis') return commentTitle(p.subarray(7));
  return null;
}

/** A Vorbis comment list: vendor, count, then KEY=value entries, all lengths little-endian. */
function commentTitle(c: Uint8Array): string | null {
  let at = 4 + le32(c, 0);
  const count = le32(c, at);
  at += 4;
  for (let i = 0; i < count && at + 4 <= c.length; i++) {
    const n = le32(c, at);
    const entry = utf8.decode(c.subarray(at + 4, at + 4 + n));
    const eq = entry.indexOf('=');
    if (eq > 0 && entry.slice(0, eq).toUpperCase() === 'TITLE') return entry.slice(eq + 1);
    at += 4 + n;
  }
  return null;
}

function isMP4(b: Uint8Array): boolean {
  return ascii(b, 4, 4) === 'ftyp';
}

/** ©nam under moov/udta/meta/ilst; moov may sit at the end of the file. */
async function mp4Title(file: Blob): Promise<string | null> {
  let at = 0;
  while (at + 8 <= file.size) {
    const h = await bytes(file, at, at + 16);
    let size = be32(h, 0);
    if (size === 1) size = be32(h, 8) * 2 ** 32 + be32(h, 12);
    else if (size === 0) size = file.size - at;
    if (size < 8) return null;
    if (ascii(h, 4, 4) === 'moov') {
      const moov = await bytes(file, at, at + Math.min(size, 32 << 20));
      return ilstTitle(moov.subarray(8));
    }
    at += size;
  }
  return null;
}

/** Walks boxes down the path moov → udta → meta → ilst → ©nam → data. */
function ilstTitle(moov: Uint8Array): string | null {
  const udta = child(moov, 'udta');
  const meta = udta && child(udta, 'meta');
  // meta is a full box: 4 bytes of version and flags before its children.
  const ilst = meta && child(meta.subarray(4), 'ilst');
  const nam = ilst && child(ilst, '\u00a9nam');
  const data = nam && child(nam, 'data');
  // data: 4 bytes of type, 4 of locale, then the text.
  return data ? utf8.decode(data.subarray(8)) : null;
}

function child(box: Uint8Array, type: string): Uint8Array | null {
  let at = 0;
  while (at + 8 <= box.length) {
    const size = be32(box, at);
    if (size < 8) return null;
    if (ascii(box, at + 4, 4) === type) return box.subarray(at + 8, at + size);
    at += size;
  }
  return null;
}

/**
 * A name from a file name when the tags have none: no extension, no leading
 * track number, underscores as spaces ('03 - Slow_Tide.mp3' → 'Slow Tide').
 */
export function nameFromFileName(fileName: string): string {
  return fileName
    .replace(/\.[^.]+$/, '')
    .replace(/_/g, ' ')
    .replace(/^\s*\d{1,3}\s*[-.)]\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
