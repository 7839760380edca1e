import { describe, expect, it } from 'vitest';
import { formatDay, lastUsedLabel } from './format';

describe('lastUsedLabel', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');

  it('says when an app password was never used', () => {
    expect(lastUsedLabel(null, now)).toBe('Never used');
  });

  it('says how long ago, then the day', () => {
    expect(lastUsedLabel('2026-11-21T11:59:30Z', now)).toBe('Last used just now');
    expect(lastUsedLabel('2026-11-21T11:55:00Z', now)).toBe('Last used 5 minutes ago');
    expect(lastUsedLabel('2026-11-21T09:00:00Z', now)).toBe('Last used 3 hours ago');
    expect(lastUsedLabel('2026-11-20T10:00:00Z', now)).toBe('Last used yesterday');
    expect(lastUsedLabel('2026-09-01T10:00:00Z', now)).toBe(
      `Last used ${formatDay('2026-09-01T10:00:00Z')}`,
    );
  });
});
