import { ArrowDownCircle } from 'lucide-react';
import { useDownloads } from '@/lib/offline/downloads';
import { ProgressRing } from './ProgressRing';
import './offline.css';

/** In a song row: a ring while the song downloads, then a mark that it plays offline. */
export function OfflineMark({ songId, name }: { songId: string; name: string }) {
  const percent = useDownloads((s) => s.songs[songId]);
  const stored = useDownloads((s) => s.index.songs[songId] !== undefined);
  if (percent !== undefined) {
    return (
      <span className="offline-mark">
        <ProgressRing percent={percent} label={`Downloading “${name}”`} size={16} />
      </span>
    );
  }
  if (!stored) return null;
  return (
    <span className="offline-mark" title="Downloaded: plays offline">
      <ArrowDownCircle size={16} aria-hidden="true" />
      <span className="visually-hidden">Downloaded</span>
    </span>
  );
}
