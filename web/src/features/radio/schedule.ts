/** Dates, times and countdowns of the radio page. */

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/** An offset east of UTC in minutes as ISO 8601 writes it: '+01:00', '-03:30', '+00:00'. */
export function formatOffset(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(Math.round(minutesEast));
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A local date-time as ISO 8601 with its own offset, e.g. 2026-11-21T16:00:00+01:00.
 * The offset is the one in force at that date (daylight saving included), not today's.
 */
export function localISO(date: Date, minutesEast = -date.getTimezoneOffset()): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${day}T${time}${formatOffset(minutesEast)}`;
}

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_INPUT = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * The chosen date (type=date, 'YYYY-MM-DD') and time (type=time, 'HH:MM') in
 * the creator's time zone, as a Date; null when either is not a real value.
 * A time skipped by a daylight saving change moves on an hour, as clocks do.
 */
export function localStart(date: string, time: string): Date | null {
  const d = DATE_INPUT.exec(date);
  const t = TIME_INPUT.exec(time);
  if (!d || !t) return null;
  const [y, m, day, hh, mm] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (m < 1 || m > 12 || day < 1 || day > 31 || hh > 23 || mm > 59) return null;
  const start = new Date(y, m - 1, day, hh, mm);
  // 31 February would roll into March: not a date anyone picked.
  if (start.getMonth() !== m - 1 || start.getDate() !== day) return null;
  return start;
}

/** The start as the server takes it: ISO 8601 with the offset of that day; null when invalid. */
export function startISO(date: string, time: string): string | null {
  const start = localStart(date, time);
  return start ? localISO(start) : null;
}

/** A local day as a date input holds it: 'YYYY-MM-DD'. */
export function dateInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Time left as hours, minutes and seconds ('01:02:03'); whole seconds rounded
 * up, so it reads 00:00:00 exactly when the station starts. Hours grow past
 * two digits for stations days ahead.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}`;
}

/** A position in the audio as m:ss: the app's one track-time format. */
export { formatTime as formatClock } from '@/lib/format';

/** Usernames are shown with hyphens as spaces, as everywhere else in the app. */
export function displayName(username: string): string {
  return username.replace(/-/g, ' ');
}

const startFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** When a station starts, in the reader's own time zone: 'Sat 21 Nov, 16:00'. */
export function formatStart(ms: number): string {
  return startFormat.format(new Date(ms));
}
