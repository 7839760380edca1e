import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { SpeechRecognitionLike, SpeechResultEvent } from './voice';
import {
  listenWithRecorder,
  listenWithSpeech,
  MIC_BLOCKED,
  MIC_LOST,
  type ListenerEvents,
} from './voice-listeners';

/** A speech recognition the test speaks through. */
class FakeRecognition implements SpeechRecognitionLike {
  static last: FakeRecognition | null = null;
  continuous = false;
  interimResults = false;
  lang = '';
  onresult: ((event: SpeechResultEvent) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  starts = 0;
  aborted = false;

  constructor() {
    FakeRecognition.last = this;
  }

  start() {
    this.starts += 1;
  }

  abort() {
    this.aborted = true;
  }

  say(words: string, isFinal: boolean) {
    this.onresult?.({ resultIndex: 0, results: [{ isFinal, 0: { transcript: words } }] });
  }
}

function events() {
  return {
    onHeard: vi.fn<ListenerEvents['onHeard']>(),
    onCommand: vi.fn<ListenerEvents['onCommand']>(),
    onRequest: vi.fn<ListenerEvents['onRequest']>(),
    onFatal: vi.fn<ListenerEvents['onFatal']>(),
    onUnavailable: vi.fn<ListenerEvents['onUnavailable']>(),
  };
}

describe('listening with the browser’s speech recognition', () => {
  it('listens continuously with interim results, and runs a command once it is final', () => {
    const on = events();
    const stop = listenWithSpeech(FakeRecognition, on);
    const rec = FakeRecognition.last!;
    expect(rec).toMatchObject({ continuous: true, interimResults: true, starts: 1 });

    rec.say('skip to the ne', false);
    expect(on.onHeard).toHaveBeenLastCalledWith('skip to the ne');
    expect(on.onCommand).not.toHaveBeenCalled();
    rec.say('skip to the next', true);
    expect(on.onHeard).toHaveBeenLastCalledWith('skip to the next');
    expect(on.onCommand).toHaveBeenCalledWith('next');
    // A request is heard whole, not as its first command word.
    rec.say('play something calm', true);
    expect(on.onRequest).toHaveBeenCalledWith({ command: 'play', text: 'play something calm' });
    expect(on.onCommand).toHaveBeenCalledTimes(1);

    // Chrome ends after a silence: it starts again, until stopped.
    rec.onend?.();
    expect(rec.starts).toBe(2);
    stop();
    expect(rec.aborted).toBe(true);
    rec.onend?.();
    expect(rec.starts).toBe(2);
  });

  it('stops with a reason when the microphone is not allowed', () => {
    const on = events();
    listenWithSpeech(FakeRecognition, on);
    FakeRecognition.last!.onerror?.({ error: 'not-allowed' });
    expect(on.onFatal).toHaveBeenCalledWith(MIC_BLOCKED);
  });

  it('asks for another way when the recognition service cannot work here', () => {
    const on = events();
    listenWithSpeech(FakeRecognition, on);
    const rec = FakeRecognition.last!;
    rec.onerror?.({ error: 'no-speech' });
    expect(on.onUnavailable).not.toHaveBeenCalled();
    rec.onerror?.({ error: 'network' });
    expect(on.onUnavailable).toHaveBeenCalled();
    rec.onend?.();
    expect(rec.starts).toBe(1);
  });
});

/** A MediaRecorder that hands over one blob per clip. */
class FakeRecorder {
  static made = 0;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm;codecs=opus';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;

  constructor() {
    FakeRecorder.made += 1;
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['clip'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

describe('listening by recording clips for the server', () => {
  const track: { stop: () => void; onended?: () => void } = { stop: vi.fn() };

  beforeEach(() => {
    vi.useFakeTimers();
    FakeRecorder.made = 0;
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('navigator', {
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track] })) },
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a clip every two seconds and runs what the server recognized', async () => {
    const on = events();
    const recognize = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, 'We did not catch a command.'))
      .mockResolvedValueOnce({ command: 'next' });
    const stop = listenWithRecorder(recognize, on);
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ audio: true });
    await vi.advanceTimersByTimeAsync(1999);
    expect(recognize).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(recognize).toHaveBeenCalledTimes(1);
    const clip = recognize.mock.calls[0]?.[0] as Blob;
    expect(clip.type).toBe('audio/webm;codecs=opus');
    // 'Not caught' is quiet: listening goes on.
    expect(on.onFatal).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(recognize).toHaveBeenCalledTimes(2);
    expect(on.onHeard).toHaveBeenCalledWith('next');
    expect(on.onCommand).toHaveBeenCalledWith('next');
    stop();
    expect(track.stop).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(6000);
    expect(FakeRecorder.made).toBe(3);
    expect(recognize).toHaveBeenCalledTimes(2);
  });

  it('passes a request the server heard whole on as a request', async () => {
    const on = events();
    const recognize = vi
      .fn()
      .mockResolvedValueOnce({ command: 'play', text: 'play something calm' });
    const stop = listenWithRecorder(recognize, on);
    await vi.advanceTimersByTimeAsync(2000);
    expect(on.onHeard).toHaveBeenCalledWith('play something calm');
    expect(on.onRequest).toHaveBeenCalledWith({ command: 'play', text: 'play something calm' });
    expect(on.onCommand).not.toHaveBeenCalled();
    stop();
  });

  it('stops with the server’s reason when it cannot recognize speech', async () => {
    const on = events();
    const recognize = vi
      .fn()
      .mockRejectedValue(new ApiError(503, 'Voice commands are not available on this server.'));
    listenWithRecorder(recognize, on);
    await vi.advanceTimersByTimeAsync(2000);
    expect(on.onFatal).toHaveBeenCalledWith('Voice commands are not available on this server.');
    await vi.advanceTimersByTimeAsync(4000);
    expect(recognize).toHaveBeenCalledTimes(1);
  });

  it('says so when the microphone is refused', async () => {
    vi.stubGlobal('navigator', {
      mediaDevices: {
        getUserMedia: vi.fn(async () => {
          throw new DOMException('denied', 'NotAllowedError');
        }),
      },
    });
    const on = events();
    listenWithRecorder(vi.fn(), on);
    await vi.advanceTimersByTimeAsync(0);
    expect(on.onFatal).toHaveBeenCalledWith(MIC_BLOCKED);
  });

  it('ends with the reason when the microphone goes away', async () => {
    const on = events();
    const recognize = vi.fn().mockResolvedValue({ command: 'next' });
    listenWithRecorder(recognize, on);
    await vi.advanceTimersByTimeAsync(0);
    track.onended?.();
    expect(on.onFatal).toHaveBeenCalledWith(MIC_LOST);
    expect(track.stop).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4000);
    expect(recognize).not.toHaveBeenCalled();
  });

  it('ends with the reason when a recorder cannot start again', async () => {
    const on = events();
    listenWithRecorder(vi.fn().mockResolvedValue({ command: 'next' }), on);
    await vi.advanceTimersByTimeAsync(0);
    vi.stubGlobal(
      'MediaRecorder',
      class {
        constructor() {
          throw new DOMException('The track has ended', 'NotSupportedError');
        }
      },
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(on.onFatal).toHaveBeenCalledWith('This browser cannot record the microphone.');
  });
});
