import { albumsQuery } from '@/lib/albums';

/** How many of the latest albums Home shows. */
export const RECENT_ALBUMS = 12;

/** GET /api/albums?sort=recent&limit=12: Home's 'Recently added albums'. */
export const recentAlbumsQuery = () => albumsQuery({ sort: 'recent', limit: RECENT_ALBUMS });
