import type { CSSProperties } from 'react';
import { useParams } from 'react-router';
import { Clock3, Disc3 } from 'lucide-react';
import { ButtonLink, EmptyState } from '@/components/ui';
import { sampleAlbums, totalDuration } from '../sample-albums';
import './album.css';

/** `/album/:id`: a static sample album with its fixed track list. */
export function AlbumPage() {
  const { id } = useParams();
  const album = sampleAlbums.find((a) => a.id === id);

  if (!album) {
    return (
      <div className="page">
        <title>Album · Musicify</title>
        <EmptyState
          icon={Disc3}
          title="We could not find this album"
          action={<ButtonLink to="/home">Back to Home</ButtonLink>}
        >
          It may have been moved, or the link is incomplete.
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="page album">
      <title>{`${album.name} · Musicify`}</title>
      <header className="album__hero" style={{ '--album-color': album.bgColor } as CSSProperties}>
        <div className="album__cover" aria-hidden="true">
          <Disc3 size={64} strokeWidth={1.3} />
        </div>
        <div className="album__text">
          <p className="album__eyebrow">Album</p>
          <h1 className="album__title">{album.name}</h1>
          <p className="album__desc">{album.desc}</p>
          <p className="album__meta">
            Musicify · {album.tracks.length} songs, {totalDuration(album.tracks)}
          </p>
        </div>
      </header>
      <table className="tracks">
        <caption className="visually-hidden">Songs of {album.name}</caption>
        <thead>
          <tr>
            <th scope="col" className="tracks__num">
              #
            </th>
            <th scope="col">Title</th>
            <th scope="col" className="tracks__time">
              <Clock3 size={16} aria-hidden="true" />
              <span className="visually-hidden">Duration</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {album.tracks.map((t, i) => (
            <tr key={t.id}>
              <td className="tracks__num">{i + 1}</td>
              <td>
                <span className="tracks__name">{t.name}</span>
                <span className="tracks__artist">{t.desc}</span>
              </td>
              <td className="tracks__time">{t.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
