import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { profileQuery } from '@/features/auth/api/get-profile';
import { sessionQuery } from '@/features/auth/api/get-session';
import { feedQuery } from '@/features/home/api/get-feed';
import { recentAlbumsQuery } from '@/features/home/api/get-recent-albums';
import { recommendedArtistsQuery } from '@/features/home/api/get-recommended-artists';
import { recommendedSongsQuery } from '@/features/home/api/get-recommended-songs';

/** The element in which the server sends a page's first answers (internal/httpapi/hints.go). */
export const BOOT_ELEMENT_ID = 'musicify-boot';

interface Target {
  key: QueryKey;
  /** The query's data from the answer, when the query keeps a part of it. */
  data?: (answer: unknown) => unknown;
}

/** Which query each answer the server may send belongs to. */
const targets: Record<string, Target> = {
  '/api/auth/session': { key: sessionQuery().queryKey },
  '/api/auth/profile': { key: profileQuery().queryKey },
  '/api/recommend/all': { key: recommendedSongsQuery().queryKey },
  '/api/recommend/artist': { key: recommendedArtistsQuery().queryKey },
  '/api/feed': { key: feedQuery().queryKey },
  '/api/albums?sort=recent&limit=12': {
    key: recentAlbumsQuery().queryKey,
    data: (answer) => (answer as { albums?: unknown } | null)?.albums,
  },
};

let taken: Record<string, unknown> | undefined;

/** Reads and removes the element once; later calls get the same answers. */
function takeAnswers(doc: Document): Record<string, unknown> {
  if (taken) return taken;
  taken = {};
  const el = doc.getElementById(BOOT_ELEMENT_ID);
  if (!el) return taken;
  el.remove();
  try {
    const parsed: unknown = JSON.parse(el.textContent ?? '');
    if (typeof parsed === 'object' && parsed !== null) taken = parsed as Record<string, unknown>;
  } catch {
    // A broken page: the app asks the server as usual.
  }
  return taken;
}

/**
 * Fills the query cache with the answers the server put in the page, so the
 * first screen renders without asking for them again: on a phone each
 * question is a round trip. The element leaves the page when read, so no
 * later code mistakes it for the current user's data.
 */
export function seedBootData(client: QueryClient, doc: Document = document): number {
  let seeded = 0;
  for (const [url, data] of Object.entries(takeAnswers(doc))) {
    const target = targets[url];
    const value = target?.data ? target.data(data) : data;
    if (!target || value === undefined) continue;
    client.setQueryData(target.key, value);
    seeded += 1;
  }
  return seeded;
}

/** Tests start from a page not read yet. */
export function resetBootDataForTests(): void {
  taken = undefined;
}
