import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { LikeButton, SongCover } from '@/components/songs';
import { albumPath, artistPath, songArtist, type Song } from '@/lib/song';
import {
  MoreLikeThisButton,
  QueueLink,
  SeekBar,
  SongInfoButton,
  SpeedControl,
  Transport,
  VolumeControl,
} from './controls';
import { SleepTimer } from './SleepTimer';

const focusable = 'a[href], button:not([disabled]), input:not([disabled])';

interface NowPlayingProps {
  song: Song;
  onClose: () => void;
}

/** The phone's full-screen player with every control. */
export function NowPlaying({ song, onClose }: NowPlayingProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const panel = panelRef.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(focusable));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  const artist = songArtist(song);
  // On the body, above the shell and its chat button.
  return createPortal(
    <div ref={panelRef} className="now" role="dialog" aria-modal="true" aria-label="Now playing">
      <header className="now__head">
        <button
          type="button"
          className="pbtn"
          onClick={onClose}
          aria-label="Close now playing"
          data-autofocus
        >
          <ChevronDown size={26} aria-hidden="true" />
        </button>
        <p className="now__eyebrow">Now playing</p>
        <QueueLink onNavigate={onClose} />
      </header>
      <div className="now__art">
        <SongCover src={song.cover} size={640} className="now__cover" eager />
      </div>
      <div className="now__meta-row">
        <div className="now__meta">
          <h2 className="now__title">{song.song}</h2>
          <Link className="now__artist" to={artistPath(song.artist)} onClick={onClose}>
            {artist}
          </Link>
          {song.album && song.albumId && (
            <Link className="now__album" to={albumPath(song.albumId)} onClick={onClose}>
              {song.album}
            </Link>
          )}
        </div>
        <SongInfoButton song={song} onNavigate={onClose} />
        <MoreLikeThisButton song={song} />
        <LikeButton song={song} size={24} className="pbtn pbtn--like" />
      </div>
      <SeekBar fallbackDuration={song.duration} />
      <Transport size="lg" />
      <div className="now__settings">
        <SpeedControl />
        <VolumeControl />
        <div className="now__sleep">
          <span className="now__sleep-label">Sleep timer</span>
          <SleepTimer />
        </div>
      </div>
    </div>,
    document.body,
  );
}
