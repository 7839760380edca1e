import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Station } from '../api/types';
import { StationRow } from './StationRow';

const start = Date.UTC(2026, 10, 21, 15, 0);

const station: Station = {
  _id: 's1',
  radio_name: 'Morning Show',
  username: 'dj-ana',
  time: new Date(start).toISOString(),
  start: new Date(start).toISOString(),
  live: false,
  audio: '/media/radio/s1/audio.mp3',
  duration: 12,
  listeners: 3,
  mine: false,
};

function row(now: number, props: Partial<Parameters<typeof StationRow>[0]> = {}) {
  const onJoin = vi.fn();
  const onDelete = vi.fn();
  render(
    <ul>
      <StationRow
        station={station}
        now={now}
        listeners={3}
        joined={false}
        onJoin={onJoin}
        onDelete={onDelete}
        {...props}
      />
    </ul>,
  );
  return { onJoin, onDelete };
}

describe('StationRow', () => {
  it('counts down to the start with no Join button', () => {
    row(start - (3600 + 2 * 60 + 3) * 1000);
    expect(screen.getByText('Morning Show')).toBeInTheDocument();
    expect(screen.getByText('by dj ana')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Starts in 01:02:03');
    expect(screen.queryByRole('button', { name: /join/i })).not.toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
  });

  it('goes live at the start, on the clock it is given, with its listeners and Join', async () => {
    // The list still says not live: the clock decides.
    const { onJoin } = row(start);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByText('3 listening')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join Morning Show' }));
    expect(onJoin).toHaveBeenCalledOnce();
  });

  it('shows Listening instead of Join on the station joined', () => {
    row(start + 5000, { joined: true });
    expect(screen.getByText('Listening')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /join/i })).not.toBeInTheDocument();
  });

  it('lets only the creator delete it', async () => {
    row(start - 1000);
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    const { onDelete } = row(start - 1000, { station: { ...station, mine: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Morning Show' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
