import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';

/** The same name as the server sees it: trimmed, whatever the case. */
const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The caller's playlist called `name` (GET /api/playlist/all), matched as the
 * server matches a name that is taken: whatever the case. Null when none.
 */
export async function findMyPlaylist(name: string): Promise<Playlist | null> {
  const playlists = await api<Playlist[]>('/api/playlist/all');
  if (!Array.isArray(playlists)) return null;
  const wanted = name.trim();
  return (
    playlists.find((p) => p.name.trim() === wanted) ??
    playlists.find((p) => nameKey(p.name) === nameKey(wanted)) ??
    null
  );
}
