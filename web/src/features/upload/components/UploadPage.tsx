import { useState } from 'react';
import { CheckCircle2, Play, Plus } from 'lucide-react';
import { SongCover } from '@/components/songs';
import { Button, ButtonLink, PageHeader } from '@/components/ui';
import { playSongs } from '@/lib/player-store';
import { formatTime, songArtist, type Song } from '@/lib/song';
import { UploadForm } from './UploadForm';
import './upload.css';

function Uploaded({ song, onAnother }: { song: Song; onAnother: () => void }) {
  return (
    <section className="uploaded" aria-labelledby="uploaded-title">
      <SongCover src={song.cover} size={160} className="uploaded__cover" eager />
      <div className="uploaded__body">
        <p className="uploaded__eyebrow">
          <CheckCircle2 size={16} aria-hidden="true" /> Uploaded
        </p>
        <h2 id="uploaded-title" className="uploaded__title">
          {song.song}
        </h2>
        <p className="uploaded__meta">
          {songArtist(song)}
          {song.duration > 0 && ` · ${formatTime(song.duration)}`}
          {song.format && ` · ${song.format.toUpperCase()}`}
        </p>
        <div className="uploaded__actions">
          <Button
            icon={<Play size={18} fill="currentColor" aria-hidden="true" />}
            onClick={() => playSongs([song], 0)}
          >
            Play
          </Button>
          <ButtonLink to="/songs" variant="secondary">
            Go to Songs
          </ButtonLink>
          <Button variant="ghost" icon={<Plus size={18} aria-hidden="true" />} onClick={onAnother}>
            Upload another
          </Button>
        </div>
      </div>
    </section>
  );
}

/** `/upload`: add a song with its cover and lyrics, in its original quality. */
export function UploadPage() {
  const [song, setSong] = useState<Song | null>(null);
  return (
    <div className="page upload">
      <PageHeader
        eyebrow="Create"
        title="Upload song"
        description="Share your own tracks with everyone on this server, in their original quality."
      />
      {song ? (
        <Uploaded song={song} onAnother={() => setSong(null)} />
      ) : (
        <UploadForm onUploaded={setSong} />
      )}
    </div>
  );
}
