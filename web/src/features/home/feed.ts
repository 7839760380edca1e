import type { FeedItem } from './api/get-feed';

/** 'ann uploaded Song', 'ann liked Song', 'ann made a playlist X'. */
export function feedSentence(item: FeedItem): { who: string; verb: string; what: string } | null {
  if (item.kind === 'playlist' && item.playlist) {
    return { who: item.user, verb: 'made a playlist', what: item.playlist.name };
  }
  if ((item.kind === 'upload' || item.kind === 'like') && item.song) {
    return {
      who: item.user,
      verb: item.kind === 'upload' ? 'uploaded' : 'liked',
      what: item.song.song,
    };
  }
  return null;
}

/** '5 min ago', '3 h ago', '2 d ago', then the date. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return then.toLocaleDateString('en', { day: 'numeric', month: 'short' });
}
