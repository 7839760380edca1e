import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLiveStation, type LiveStation } from '@/lib/live-radio';
import { renderRoutes } from '@/test/utils';
import { LiveBar } from './LiveBar';
import { makeStation } from '@/test/live-station';

const radio: LiveStation = makeStation();

const jam: LiveStation = {
  ...radio,
  kind: 'jam',
  id: 'j1',
  name: "ana's Jam",
  by: 'ana',
  href: '/jam/j1',
  song: 'Low Tide — neon harbor',
  cover: '/c.jpg',
};

function bar(station: LiveStation) {
  renderRoutes([{ path: '/', element: <LiveBar station={station} /> }], '/');
  return screen.getByRole('region', { name: 'Player' });
}

afterEach(() => setLiveStation(null));

describe('LiveBar', () => {
  it('shows a station as before: by its creator, linked to the radio', () => {
    const region = bar(radio);
    expect(
      within(region).getByRole('link', { name: 'Open the radio: Night shift' }),
    ).toHaveAttribute('href', '/join');
    expect(within(region).getByRole('link', { name: 'Radio' })).toHaveAttribute('href', '/join');
    expect(within(region).getAllByRole('button', { name: 'Stop the radio' })).toHaveLength(2);
    expect(within(region).getAllByText('by dj')).toHaveLength(2);
  });

  it('shows a Jam: its song, a link back to it, and a stop for this device', () => {
    const stop = vi.fn();
    setLiveStation(jam, {
      stop,
      resume: () => undefined,
      setVolume: () => undefined,
      toggleMute: () => undefined,
    });
    const region = bar(jam);
    expect(within(region).getByRole('link', { name: "Open the Jam: ana's Jam" })).toHaveAttribute(
      'href',
      '/jam/j1',
    );
    expect(within(region).getByRole('link', { name: 'Jam' })).toHaveAttribute('href', '/jam/j1');
    expect(within(region).getAllByText('Low Tide — neon harbor').length).toBeGreaterThan(0);
    expect(within(region).getByText('Everyone hears the same second')).toBeInTheDocument();
    const buttons = within(region).getAllByRole('button', { name: 'Stop listening here' });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(stop).toHaveBeenCalledOnce();
  });

  it('says when the Jam is paused for everyone', () => {
    const region = bar({ ...jam, paused: true });
    expect(within(region).getByText('Paused for everyone')).toBeInTheDocument();
  });

  it('offers Start listening when the browser blocked the sound', () => {
    const region = bar({ ...jam, blocked: true });
    expect(within(region).getAllByRole('button', { name: 'Start listening' })).toHaveLength(2);
  });
});
