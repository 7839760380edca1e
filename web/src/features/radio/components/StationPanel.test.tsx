import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Station } from '../api/types';
import type { StationPlayback } from '../hooks/use-station-audio';
import { StationPanel } from './StationPanel';

const station: Station = {
  _id: 's1',
  radio_name: 'Morning Show',
  username: 'dj-ana',
  time: new Date(0).toISOString(),
  start: new Date(0).toISOString(),
  live: true,
  audio: '/media/radio/s1/audio.mp3',
  duration: 12,
  listeners: 1,
  mine: false,
};

function panel(playback: Partial<StationPlayback>) {
  render(
    <StationPanel
      station={station}
      playback={{ position: 0, drift: null, blocked: false, failed: null, ...playback }}
      users={['me']}
      me="me"
      status="open"
      volume={100}
      muted={false}
      onVolume={vi.fn()}
      onToggleMute={vi.fn()}
      onResume={vi.fn()}
      onLeave={vi.fn()}
    />,
  );
}

describe('StationPanel', () => {
  it('tunes in, with no alert, while the audio loads', () => {
    panel({});
    expect(screen.getByText('Tuning in…')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Start listening when the browser wants a click', () => {
    panel({ blocked: true });
    expect(screen.getByRole('button', { name: 'Start listening' })).toBeInTheDocument();
  });

  it('says why the audio cannot play, instead of tuning in or Start listening', () => {
    panel({ blocked: true, failed: "This station's audio could not be played." });
    expect(screen.getByRole('alert')).toHaveTextContent(
      "This station's audio could not be played.",
    );
    expect(screen.queryByText('Tuning in…')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start listening' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  });
});
