import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dateInputValue,
  displayName,
  formatClock,
  formatCountdown,
  formatOffset,
  localISO,
  localStart,
  startISO,
} from './schedule';

// Berlin: UTC+1 in winter, UTC+2 from 29 March 2026 02:00 to 25 October 2026 03:00.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('the start sent to the server', () => {
  it('runs in Berlin time for these tests', () => {
    expect(new Date(2026, 0, 15, 12).getTimezoneOffset()).toBe(-60);
    expect(new Date(2026, 6, 15, 12).getTimezoneOffset()).toBe(-120);
  });

  it('carries the offset in force on the chosen day, not today’s', () => {
    expect(startISO('2026-03-28', '16:00')).toBe('2026-03-28T16:00:00+01:00');
    expect(startISO('2026-03-29', '16:00')).toBe('2026-03-29T16:00:00+02:00');
    expect(startISO('2026-10-24', '16:00')).toBe('2026-10-24T16:00:00+02:00');
    expect(startISO('2026-10-25', '16:00')).toBe('2026-10-25T16:00:00+01:00');
  });

  it('names the instant the creator meant', () => {
    expect(Date.parse(startISO('2026-03-29', '16:00')!)).toBe(Date.UTC(2026, 2, 29, 14, 0));
    expect(Date.parse(startISO('2026-12-31', '23:59')!)).toBe(Date.UTC(2026, 11, 31, 22, 59));
    expect(Date.parse(startISO('2027-01-01', '00:00')!)).toBe(Date.UTC(2026, 11, 31, 23, 0));
  });

  it('moves a time that the spring change skips on by an hour, as clocks do', () => {
    const iso = startISO('2026-03-29', '02:30');
    expect(iso).toBe('2026-03-29T03:30:00+02:00');
    expect(Date.parse(iso!)).toBe(Date.UTC(2026, 2, 29, 1, 30));
  });

  it('refuses dates and times that do not exist', () => {
    expect(startISO('2026-02-31', '10:00')).toBeNull();
    expect(startISO('2026-13-01', '10:00')).toBeNull();
    expect(startISO('', '16:00')).toBeNull();
    expect(startISO('2026-05-01', '')).toBeNull();
    expect(startISO('2026-05-01', '24:00')).toBeNull();
    expect(localStart('2026-05-01', '16:00:30')?.getHours()).toBe(16);
  });

  it('formats any offset, east or west, with half and quarter hours', () => {
    expect(formatOffset(60)).toBe('+01:00');
    expect(formatOffset(0)).toBe('+00:00');
    expect(formatOffset(330)).toBe('+05:30');
    expect(formatOffset(345)).toBe('+05:45');
    expect(formatOffset(-210)).toBe('-03:30');
    expect(formatOffset(-600)).toBe('-10:00');
  });

  it('writes a local time with the offset it is given', () => {
    const d = new Date(2026, 10, 21, 16, 5, 9);
    expect(localISO(d)).toBe('2026-11-21T16:05:09+01:00');
    expect(localISO(d, -300)).toBe('2026-11-21T16:05:09-05:00');
  });

  it('fills the date picker with the local day', () => {
    expect(dateInputValue(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    // 23:30 UTC on 31 December is already New Year's Day in Berlin.
    expect(dateInputValue(new Date(Date.UTC(2026, 11, 31, 23, 30)))).toBe('2027-01-01');
  });
});

describe('the countdown', () => {
  it('shows hours, minutes and seconds', () => {
    expect(formatCountdown((1 * 3600 + 2 * 60 + 3) * 1000)).toBe('01:02:03');
    expect(formatCountdown(59 * 1000)).toBe('00:00:59');
    expect(formatCountdown(10 * 3600 * 1000)).toBe('10:00:00');
  });

  it('rounds up, so it reads 00:00:00 only once the start has come', () => {
    expect(formatCountdown(1)).toBe('00:00:01');
    expect(formatCountdown(999)).toBe('00:00:01');
    expect(formatCountdown(1000)).toBe('00:00:01');
    expect(formatCountdown(1001)).toBe('00:00:02');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });

  it('lets the hours grow for stations days ahead', () => {
    expect(formatCountdown((100 * 3600 + 5) * 1000)).toBe('100:00:05');
  });
});

describe('labels', () => {
  it('shows usernames with hyphens as spaces', () => {
    expect(displayName('dj-ana-bo')).toBe('dj ana bo');
    expect(displayName('plain')).toBe('plain');
  });

  it('writes positions as m:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(12.9)).toBe('0:12');
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});
