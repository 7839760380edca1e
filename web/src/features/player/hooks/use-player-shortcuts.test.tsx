import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getPlayerState, playSongs, resetPlayer } from '@/lib/player-store';
import { songsAbcd } from '@/test/songs';
import { usePlayerShortcuts } from './use-player-shortcuts';

function Page() {
  usePlayerShortcuts();
  return (
    <>
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
});
