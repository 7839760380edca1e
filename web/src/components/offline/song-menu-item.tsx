import { ArrowDownToLine, CircleMinus } from 'lucide-react';
import type { MenuItem } from '@/components/ui';
import {
  collectionKey,
  removeCollection,
  useDownloads,
  type DownloadIndex,
} from '@/lib/offline/downloads';
import type { Song } from '@/lib/song';
import { useStartDownload } from './DownloadCollectionButton';

/**
 * The song menu's 'Download for offline' or 'Remove download': one hook per
 * list, which returns the item for each of its songs.
 */
export function useSongDownloadItem(): (song: Song) => MenuItem | null {
  const index = useDownloads((s) => s.index);
  const start = useStartDownload();
  return (song: Song) => songDownloadItem(song, index, start);
}

function songDownloadItem(
  song: Song,
  index: DownloadIndex,
  start: ReturnType<typeof useStartDownload>,
): MenuItem | null {
  if (song.missing) return null;
  const own = index.collections.some((c) => collectionKey(c.kind, c.id) === `song:${song._id}`);
  if (own) {
    return {
      label: 'Remove download',
      icon: <CircleMinus size={18} aria-hidden="true" />,
      onSelect: () => void removeCollection('song', song._id),
    };
  }
  // Kept by a playlist, an album or Liked Songs: removed with them.
  if (index.songs[song._id]) return null;
  return {
    label: 'Download for offline',
    icon: <ArrowDownToLine size={18} aria-hidden="true" />,
    onSelect: () =>
      start({ kind: 'song', id: song._id, name: song.song, cover: song.coverSmall }, [song]),
  };
}
