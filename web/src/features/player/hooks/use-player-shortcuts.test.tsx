import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { getLiveStation, setLiveStation } from '@/lib/live-radio';
import { getPlayerState, playSongs, resetPlayer } from '@/lib/player-store';
import { songsAbcd } from '@/test/songs';
import { usePlayerShortcuts } from './use-player-shortcuts';
import { makeStation } from '@/test/live-station';

function Page() {
  const [help, setHelp] = useState(0);
  usePlayerShortcuts({ onHelp: () => setHelp((n) => n + 1) });
  return (
    <>
      <output aria-label="Help asked">{help}</output>
      <input aria-label="Search..." />
      <textarea aria-label="Message" />
    </>
  );
}

beforeEach(() => resetPlayer());

describe('the player shortcuts on a page', () => {
  it('control the player from the page', () => {
    render(<Page />);
    playSongs(songsAbcd(), 1);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(getPlayerState().playing).toBe(false);
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(getPlayerState().index).toBe(2);
    fireEvent.keyDown(document.body, { key: 'P' });
    expect(getPlayerState().index).toBe(1);
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(getPlayerState().volume).toBe(90);
    fireEvent.keyDown(document.body, { key: 'm' });
    expect(getPlayerState().muted).toBe(true);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(getPlayerState().seek).toMatchObject({ kind: 'by', value: 10 });
  });

  it('are ignored while typing', () => {
    render(<Page />);
    playSongs(songsAbcd(), 1);
    for (const field of [screen.getByLabelText('Search...'), screen.getByLabelText('Message')]) {
      for (const key of [' ', 'n', 'p', 'm', 'ArrowUp', 'ArrowLeft'])
        fireEvent.keyDown(field, { key });
    }
    const s = getPlayerState();
    expect(s.playing).toBe(true);
    expect(s.index).toBe(1);
    expect(s.volume).toBe(100);
    expect(s.muted).toBe(false);
    expect(s.seek).toBeNull();
  });

  it('do nothing before a song is chosen, and Previous stays on the first song', () => {
    render(<Page />);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(getPlayerState().playing).toBe(false);
    playSongs(songsAbcd(), 0);
    fireEvent.keyDown(document.body, { key: 'p' });
    expect(getPlayerState().index).toBe(0);
  });

  it('R cycles repeat and ? asks for the list, with or without a song', () => {
    render(<Page />);
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(getPlayerState().repeat).toBe('all');
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    expect(screen.getByLabelText('Help asked')).toHaveTextContent('1');
    playSongs(songsAbcd(), 0);
    fireEvent.keyDown(document.body, { key: 'R' });
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(getPlayerState().repeat).toBe('off');
    fireEvent.keyDown(screen.getByLabelText('Search...'), { key: '?' });
    expect(screen.getByLabelText('Help asked')).toHaveTextContent('1');
  });

  it('Space stops the radio while a station plays, and leaves the song paused', () => {
    render(<Page />);
    playSongs(songsAbcd(), 0);
    fireEvent.keyDown(document.body, { key: ' ' });
    setLiveStation(makeStation(), {
      stop: () => setLiveStation(null),
      resume: () => undefined,
      setVolume: () => undefined,
      toggleMute: () => undefined,
    });
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(getLiveStation()).toBeNull();
    expect(getPlayerState().playing).toBe(false);
  });

  it('M and the arrows turn the station while it plays, and leave the song player alone', () => {
    render(<Page />);
    playSongs(songsAbcd(), 0);
    const setVolume = vi.fn();
    const toggleMute = vi.fn();
    setLiveStation(makeStation({ volume: 60 }), {
      stop: () => setLiveStation(null),
      resume: () => undefined,
      setVolume,
      toggleMute,
    });
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(setVolume).toHaveBeenCalledWith(50);
    fireEvent.keyDown(document.body, { key: 'm' });
    expect(toggleMute).toHaveBeenCalledOnce();
    expect(getPlayerState()).toMatchObject({ volume: 100, muted: false });
    setLiveStation(null);
  });
});
