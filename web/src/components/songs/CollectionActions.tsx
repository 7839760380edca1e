import type { ReactNode } from 'react';
import { Play, Shuffle } from 'lucide-react';
import { Button } from '@/components/ui';
import { playShuffled, playSongs } from '@/lib/player-store';
import type { Song } from '@/lib/song';
import './CollectionActions.css';

/**
 * Play all and Shuffle for a list of songs as shown, then the list's own
 * actions (download, queue menu) after them.
 */
export function CollectionActions({ songs, children }: { songs: Song[]; children?: ReactNode }) {
  return (
    <div className="collection-actions">
      <Button
        size="lg"
        icon={<Play size={20} fill="currentColor" aria-hidden="true" />}
        onClick={() => playSongs(songs, 0)}
      >
        Play all
      </Button>
      <Button
        size="lg"
        variant="secondary"
        icon={<Shuffle size={18} aria-hidden="true" />}
        onClick={() => playShuffled(songs)}
        aria-label="Shuffle"
      >
        <span className="collection-actions__label">Shuffle</span>
      </Button>
      {children}
    </div>
  );
}
