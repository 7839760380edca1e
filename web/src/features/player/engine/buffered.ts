import type { SeekRequest } from '@/lib/player-store';
import type { Song } from '@/lib/song';
import { streamUrl } from '../stream-url';
import { freshStart, MAX_BUFFERED_BYTES, nextStart, positionAt, seekTarget } from './schedule';

/** What the buffered player tells the engine, which keeps the store up to date. */
export interface BufferedHost {
  /** The playing song's position, a few times a second and after each change. */
  tick: (position: number, duration: number, playing: boolean) => void;
  /** The next song's source took over, on the sample the current one ended. */
  advanced: (song: Song, duration: number) => void;
  /** The current song ran out with nothing scheduled after it. */
  ended: () => void;
  /** The song's volume (slider, mute, normalisation) as a gain. */
  volume: (song: Song) => number;
  /** The context would not run (no user gesture yet): the elements take over from `position`. */
  failed: (position: number) => void;
}

/** A decoded song and, while it sounds, its source on the context clock. */
interface Track {
  song: Song;
  buffer: AudioBuffer;
  gain: GainNode;
  source: AudioBufferSourceNode | null;
  /** Context time its source starts (or started), and from where in the song. */
  startAt: number;
  offset: number;
}

/** How often the position is mirrored into the store (ms), as often as an element's timeupdate. */
const TICK = 250;
/** How long the context may take to run after play before the elements take over (ms). */
const RESUME_WAIT = 1500;

/** A decode that a newer start or skip made pointless. */
class Stale extends Error {}

/**
 * Plays a gapless run as decoded AudioBuffers on one AudioContext: the
 * current song's source and the next one's are started back to back on the
 * context clock, so the next begins on the very sample the current ends
 * (the elements' ended → play() handover leaves milliseconds of silence).
 * Pause stops the sources and remembers the position; play and seek start
 * a fresh source from it. The position is read from the context clock.
 */
export class BufferedPlayer {
  private ctx: AudioContext | null = null;
  private cur: Track | null = null;
  private nxt: Track | null = null;
  /** Grows with each start and stop, and with each next song asked for: older decodes are dropped. */
  private gen = 0;
  private nextGen = 0;
  /** The next song while it is being decoded. */
  private nextPending: Song | null = null;
  private playing = false;
  private pendingSeek: SeekRequest | null = null;
  private finished = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private resumeWait: ReturnType<typeof setTimeout> | null = null;
  /** From start() until stop(): the elements stay silent meanwhile. */
  engaged = false;

  constructor(private readonly host: BufferedHost) {}

  get song(): Song | null {
    return this.cur?.song ?? null;
  }

  get nextSong(): Song | null {
    return this.nxt?.song ?? null;
  }

  private context(): AudioContext {
    this.ctx ??= new AudioContext();
    return this.ctx;
  }

  /** Fetches and decodes a song; rejects on any failure (HTTP status, size, decode). */
  private async decode(song: Song): Promise<AudioBuffer> {
    const res = await fetch(streamUrl(song), { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    if (Number(res.headers.get('Content-Length')) > MAX_BUFFERED_BYTES) {
      void res.body?.cancel();
      throw new Error('too large to decode in memory');
    }
    const data = await res.arrayBuffer();
    if (data.byteLength > MAX_BUFFERED_BYTES) throw new Error('too large to decode in memory');
    return this.context().decodeAudioData(data);
  }

  private track(song: Song, buffer: AudioBuffer): Track {
    const ctx = this.context();
    const gain = ctx.createGain();
    gain.gain.value = this.host.volume(song);
    gain.connect(ctx.destination);
    return { song, buffer, gain, source: null, startAt: 0, offset: 0 };
  }

  /**
   * Plays `song` from the top, taking the decoded next song when it is the
   * one. Rejects when it cannot be fetched or decoded: the caller falls back
   * to the elements. A stale start (a newer one came) resolves quietly.
   */
  async start(song: Song): Promise<void> {
    const promoted = this.nxt?.song._id === song._id ? this.nxt : null;
    this.nxt = promoted ? null : this.nxt;
    this.stop();
    this.engaged = true;
    const gen = this.gen;
    try {
      const buffer = promoted?.buffer ?? (await this.decode(song));
      if (gen !== this.gen) throw new Stale();
      if (promoted) release(promoted);
      this.cur = this.track(song, buffer);
    } catch (err) {
      if (err instanceof Stale) return;
      if (gen === this.gen) this.stop();
      throw err;
    }
    const req = this.pendingSeek;
    this.pendingSeek = null;
    const offset = req ? seekTarget(req, 0, buffer(this.cur)) : 0;
    this.cur.offset = offset;
    if (this.playing) this.resume();
    this.timer = setInterval(() => this.poll(), TICK);
    this.report();
  }

  /** Decodes the song that follows and schedules it at the current one's last sample. */
  async queueNext(song: Song): Promise<void> {
    if (!this.engaged || (this.nxt?.song ?? this.nextPending)?._id === song._id) return;
    this.dropNext();
    const gen = ++this.nextGen;
    this.nextPending = song;
    let decoded: AudioBuffer;
    try {
      decoded = await this.decode(song);
    } catch {
      if (gen === this.nextGen) this.nextPending = null;
      return; // the change falls back to a fresh load at the end of the song
    }
    if (gen !== this.nextGen || !this.engaged) return;
    this.nextPending = null;
    this.nxt = this.track(song, decoded);
    if (this.cur?.source) this.scheduleNext();
  }

  /** Forgets the next song (the queue changed, or a crossfade was set). */
  dropNext(): void {
    this.nextGen++;
    this.nextPending = null;
    if (this.nxt) release(this.nxt);
    this.nxt = null;
  }

  /** Lets go of everything: the elements play what comes next. */
  stop(): void {
    this.gen++;
    this.dropNext();
    if (this.cur) release(this.cur);
    this.cur = null;
    this.engaged = false;
    this.finished = false;
    this.pendingSeek = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.clearResumeWait();
  }

  /** The position in the current song (seconds). */
  position(): number {
    const cur = this.cur;
    if (!cur) return 0;
    if (!cur.source || !this.ctx) return cur.offset;
    return positionAt(this.ctx.currentTime, cur.startAt, cur.offset, cur.buffer.duration);
  }

  setPlaying(playing: boolean): void {
    if (this.playing === playing) return;
    this.playing = playing;
    if (!this.cur) return;
    if (playing) this.resume();
    else {
      this.cur.offset = this.position();
      this.silence();
      this.clearResumeWait();
    }
    this.report();
  }

  seek(req: SeekRequest): void {
    const cur = this.cur;
    if (!cur) {
      this.pendingSeek = req;
      return;
    }
    const to = seekTarget(req, this.position(), cur.buffer.duration);
    this.finished = false;
    if (cur.source) this.schedule(to);
    else cur.offset = to;
    this.report();
  }

  /** Sets each song's gain again (slider, mute, normalisation). */
  applyVolumes(): void {
    for (const t of [this.cur, this.nxt]) if (t) t.gain.gain.value = this.host.volume(t.song);
  }

  private resume(): void {
    const ctx = this.context();
    if (ctx.state !== 'running') {
      void ctx.resume();
      // Without a user gesture the context stays suspended: hand over rather than play nothing.
      this.clearResumeWait();
      this.resumeWait = setTimeout(() => {
        if (ctx.state !== 'running' && this.playing) this.host.failed(this.position());
      }, RESUME_WAIT);
    }
    if (this.cur) this.schedule(this.cur.offset);
  }

  private clearResumeWait(): void {
    if (this.resumeWait) clearTimeout(this.resumeWait);
    this.resumeWait = null;
  }

  /** Starts the current song at `offset` a moment from now, and the next one right behind it. */
  private schedule(offset: number): void {
    const ctx = this.context();
    const cur = this.cur;
    if (!cur) return;
    this.silence();
    this.finished = false;
    cur.startAt = freshStart(ctx.currentTime, ctx.sampleRate);
    cur.offset = offset;
    cur.source = source(cur, cur.startAt, offset);
    this.scheduleNext();
  }

  private scheduleNext(): void {
    const { cur, nxt, ctx } = this;
    if (!cur?.source || !nxt || !ctx) return;
    const at = nextStart(cur.startAt, cur.offset, cur.buffer.length, ctx.sampleRate);
    // Decoded too late to meet the end: the end loads it afresh instead.
    if (at <= ctx.currentTime) return;
    nxt.source?.stop();
    nxt.startAt = at;
    nxt.offset = 0;
    nxt.source = source(nxt, at, 0);
  }

  /** Stops both sources (pause, seek). */
  private silence(): void {
    for (const t of [this.cur, this.nxt]) {
      t?.source?.stop();
      if (t) t.source = null;
    }
  }

  /** Watches the clock: mirrors the position, and moves on when the next song has started. */
  private poll(): void {
    const { cur, nxt, ctx } = this;
    if (!cur || !ctx || !cur.source) return;
    if (nxt?.source && ctx.currentTime >= nxt.startAt) {
      release(cur);
      this.cur = nxt;
      this.nxt = null;
      this.host.advanced(nxt.song, nxt.buffer.duration);
      this.report();
      return;
    }
    const end = nextStart(cur.startAt, cur.offset, cur.buffer.length, ctx.sampleRate);
    if (!this.finished && !nxt?.source && ctx.currentTime >= end) {
      this.finished = true;
      cur.offset = cur.buffer.duration;
      cur.source = null;
      this.host.ended();
      return;
    }
    this.report();
  }

  private report(): void {
    if (this.cur) this.host.tick(this.position(), buffer(this.cur), this.playing);
  }
}

function buffer(t: Track): number {
  return t.buffer.duration;
}

function source(t: Track, when: number, offset: number): AudioBufferSourceNode {
  const src = t.gain.context.createBufferSource();
  src.buffer = t.buffer;
  src.connect(t.gain);
  src.start(when, offset);
  return src;
}

/** Stops a track's source and unplugs it, so its buffer can be collected. */
function release(t: Track): void {
  t.source?.stop();
  t.source = null;
  t.gain.disconnect();
}
