import { beforeEach, describe, expect, it } from 'vitest';
import { getPlayerState, playSongs, resetPlayer, setPlaying } from '@/lib/player-store';
import { songsAbcd } from '@/test/songs';
import { matchCommand, matchRequest, runCommand, runRequest, voiceSupport } from './voice';

function Recognition() {}
function Recorder() {}
const media = { mediaDevices: { getUserMedia: () => Promise.resolve() } };

describe('matching what was heard to a command', () => {
  it.each([
    ['next', 'next'],
    ['Next.', 'next'],
    ['  PAUSE  ', 'pause'],
    ['play', 'play'],
    ['please start', 'start'],
    ['go to the previous one', 'previous'],
    ['shuffle!', 'shuffle'],
    ['play the next', 'next'],
    ['next song please', 'next'],
    ['pause… no, play', 'play'],
  ])('“%s” is %s', (heard, command) => {
    expect(matchCommand(heard)).toBe(command);
  });

  it.each(['', 'hello there', 'playing', 'nextdoor', 'stop'])('“%s” is no command', (heard) => {
    expect(matchCommand(heard)).toBeNull();
  });
});

describe('how the browser can listen', () => {
  it('uses speech recognition where there is one, standard or prefixed', () => {
    expect(voiceSupport({ SpeechRecognition: Recognition })).toBe('speech');
    expect(voiceSupport({ webkitSpeechRecognition: Recognition })).toBe('speech');
    expect(
      voiceSupport({
        webkitSpeechRecognition: Recognition,
        MediaRecorder: Recorder,
        navigator: media,
      }),
    ).toBe('speech');
  });

  it('records for the server where there is only a microphone and MediaRecorder', () => {
    expect(voiceSupport({ MediaRecorder: Recorder, navigator: media })).toBe('recorder');
  });

  it('cannot listen without either', () => {
    expect(voiceSupport({})).toBe('none');
    expect(voiceSupport({ MediaRecorder: Recorder, navigator: {} })).toBe('none');
    expect(voiceSupport({ navigator: media })).toBe('none');
    expect(voiceSupport({ SpeechRecognition: 'not a constructor' })).toBe('none');
  });
});

describe('running a command', () => {
  const songs = songsAbcd();
  const ids = () => getPlayerState().queue.map((s) => s._id);

  beforeEach(() => resetPlayer());

  it('starts the playlist when nothing is chosen, with start or play', () => {
    runCommand('start', songs);
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
    expect(getPlayerState()).toMatchObject({ index: 0, playing: true });
    resetPlayer();
    runCommand('play', songs);
    expect(getPlayerState()).toMatchObject({ index: 0, playing: true });
  });

  it('resumes the song that is chosen instead of starting over', () => {
    playSongs(songs, 2);
    setPlaying(false);
    runCommand('play', songs.slice(0, 1));
    expect(getPlayerState()).toMatchObject({ index: 2, playing: true });
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('pauses, and moves to the next and the previous song', () => {
    playSongs(songs, 1);
    runCommand('pause', songs);
    expect(getPlayerState().playing).toBe(false);
    runCommand('next', songs);
    expect(getPlayerState()).toMatchObject({ index: 2, playing: true });
    runCommand('previous', songs);
    runCommand('previous', songs);
    expect(getPlayerState().index).toBe(0);
    // Before the first song there is nothing: it starts over instead.
    runCommand('previous', songs);
    expect(getPlayerState()).toMatchObject({ index: 0, playing: true });
    expect(getPlayerState().seek).toMatchObject({ kind: 'to', value: 0 });
  });

  it('plays the playlist shuffled', () => {
    runCommand('shuffle', songs);
    const state = getPlayerState();
    expect(state.shuffle).toBe(true);
    expect(state.playing).toBe(true);
    expect([...ids()].sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('spoken requests', () => {
  beforeEach(() => resetPlayer());

  it.each([
    ['play something calm', 'play', 'play something calm'],
    ['OK, Play Something Calm please', 'play', 'play something calm'],
    ['shuffle my liked songs', 'shuffle', 'shuffle my liked songs'],
    ['play music for running', 'play', 'play music for running'],
    ['repeat this song', 'repeat', 'repeat this song'],
  ])('“%s” is a %s request: %s', (heard, command, text) => {
    expect(matchRequest(heard)).toEqual({ command, text });
  });

  it.each(['next', 'play', 'shuffle', 'something calm'])('“%s” is no request', (heard) => {
    expect(matchRequest(heard)).toBeNull();
  });

  it('plays the songs the assistant offers, and shuffles them when asked to', async () => {
    const songs = songsAbcd();
    const asked: string[] = [];
    const ask = (text: string) => {
      asked.push(text);
      return Promise.resolve({ reply: 'Here are calm songs.', actions: [{ type: 'play', songs }] });
    };
    expect(await runRequest({ command: 'play', text: 'play something calm' }, ask)).toBe(
      'Here are calm songs.',
    );
    expect(getPlayerState().queue.map((s) => s._id)).toEqual(songs.map((s) => s._id));
    expect(getPlayerState().playing).toBe(true);

    await runRequest({ command: 'shuffle', text: 'shuffle my liked songs' }, ask);
    expect(getPlayerState().shuffle).toBe(true);
    expect(asked).toEqual(['play something calm', 'shuffle my liked songs']);
  });

  it('repeats the song that plays without asking anyone', async () => {
    const ask = () => Promise.reject(new Error('not asked'));
    await runRequest({ command: 'repeat', text: 'repeat this song' }, ask);
    expect(getPlayerState().repeat).toBe('one');
  });
});
