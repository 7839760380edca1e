const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A date as people read it in a list: '21 Nov 2026'. */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

/** When an app password was last used, in words: 'Last used 5 minutes ago', 'Never used'. */
export function lastUsedLabel(iso: string | null, now: number): string {
  if (!iso) return 'Never used';
  const ago = now - Date.parse(iso);
  if (ago < MINUTE) return 'Last used just now';
  if (ago < HOUR) return `Last used ${relative.format(-Math.floor(ago / MINUTE), 'minute')}`;
  if (ago < DAY) return `Last used ${relative.format(-Math.floor(ago / HOUR), 'hour')}`;
  if (ago < 30 * DAY) return `Last used ${relative.format(-Math.floor(ago / DAY), 'day')}`;
  return `Last used ${formatDay(iso)}`;
}
