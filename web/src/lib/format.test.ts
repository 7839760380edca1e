import { describe, expect, it } from 'vitest';
import { formatDuration, formatTime, noun, plural, songsSummary, totalSeconds } from './format';

describe('plural', () => {
  it.each([
    [0, 'song', undefined, '0 songs'],
    [1, 'song', undefined, '1 song'],
    [2, 'song', undefined, '2 songs'],
    [1, 'follower', undefined, '1 follower'],
    [1, 'play', undefined, '1 play'],
    [1204, 'play', undefined, '1,204 plays'],
    [1, 'person', 'people', '1 person'],
    [3, 'person', 'people', '3 people'],
  ])('%s %s reads as it should', (count, one, many, text) => {
    expect(plural(count, one, many)).toBe(text);
  });
});

describe('noun', () => {
  it('is singular for exactly one', () => {
    expect(noun(1, 'Follower')).toBe('Follower');
    expect(noun(0, 'Follower')).toBe('Followers');
    expect(noun(2, 'person', 'people')).toBe('people');
  });
});

describe('formatTime, for a song and a position in it', () => {
  it.each([
    [0, '0:00'],
    [9.9, '0:09'],
    [176, '2:56'],
    [600, '10:00'],
    [3723, '1:02:03'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
    [-4, '0:00'],
  ])('%s seconds read %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });
});

describe('formatDuration, for a list of songs', () => {
  it.each([
    [0, '0 sec'],
    [42.4, '42 sec'],
    [60, '1 min'],
    [725, '12 min'],
    [1320, '22 min'],
    [1349, '22 min'],
    [1351, '23 min'],
    [3599, '1 hr'],
    [3600, '1 hr'],
    [3900, '1 hr 5 min'],
    [4830, '1 hr 21 min'],
    [Number.NaN, '0 sec'],
    [-5, '0 sec'],
  ])('%s seconds read %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('songsSummary', () => {
  it('counts the songs and adds up the lengths that are known', () => {
    const songs = [{ duration: 600 }, { duration: 0 }, { duration: 720 }];
    expect(totalSeconds(songs)).toBe(1320);
    expect(songsSummary(songs)).toBe('3 songs, 22 min');
    expect(songsSummary([{ duration: 176 }])).toBe('1 song, 3 min');
    expect(songsSummary([{ duration: 0 }])).toBe('1 song');
    expect(songsSummary([])).toBe('0 songs');
  });
});
