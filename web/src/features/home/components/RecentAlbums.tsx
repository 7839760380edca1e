import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlbumCard, CardRow } from '@/components/cards';
import { Section } from '@/components/ui';
import { recentAlbumsQuery } from '../api/get-recent-albums';

/**
 * 'Recently added albums': the latest albums as a row of covers. Hidden
 * while there are none, or when they cannot be loaded: Home has enough else.
 */
export function RecentAlbums() {
  const albums = useQuery(recentAlbumsQuery());
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
