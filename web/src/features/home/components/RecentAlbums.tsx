import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlbumCard, CardRow } from '@/components/cards';
import { Section } from '@/components/ui';
import { albumsQuery } from '@/lib/albums';

/** How many of the latest albums Home shows. */
export const RECENT_ALBUMS = 12;

/**
 * 'Recently added albums': the latest albums as a row of covers. Hidden
 * while there are none, or when they cannot be loaded: Home has enough else.
 */
export function RecentAlbums() {
  const albums = useQuery(albumsQuery({ sort: 'recent', limit: RECENT_ALBUMS }));
  if (!albums.data || albums.data.length === 0) return null;
  return (
    <Section title="Recently added albums" action={<Link to="/albums">Show all</Link>}>
      <CardRow label="Recently added albums">
        {albums.data.map((album) => (
          <li key={album._id}>
            <AlbumCard album={album} />
          </li>
        ))}
      </CardRow>
    </Section>
  );
}
