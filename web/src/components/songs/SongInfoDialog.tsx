import { useId } from 'react';
import { Link } from 'react-router';
import { AudioLines, CircleAlert, FileAudio } from 'lucide-react';
import { Dialog, EmptyState, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import {
  albumPath,
  genrePath,
  songArtist,
  songArtistPath,
  type Song,
  type SongFeatures,
} from '@/lib/song';
import { useSongDetails } from './get-song';
import {
  camelot,
  detailRows,
  energyWord,
  formatBpm,
  percent,
  soundMeters,
  UNKNOWN,
} from './song-info';
import { SongCover } from './SongCover';
import './SongInfo.css';

interface SongInfoDialogProps {
  /** The song as the list or the player has it: shown at once, then refreshed. */
  song: Song;
  onClose: () => void;
  /** Called as well when a link in the panel leaves the page (Now Playing closes with it). */
  onNavigate?: () => void;
}

/** A bar from 0 to 100 % that reads as a meter. */
function Meter({ label, value, text }: { label: string; value: number; text?: string }) {
  const id = useId();
  return (
    <div className="info-meter">
      <span id={id} className="info-meter__label">
        {label}
      </span>
      <div
        className="info-meter__track"
        role="meter"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text ?? `${value}%`}
      >
        <span className="info-meter__fill" style={{ width: `${value}%` }} />
      </div>
      <span className="info-meter__value" aria-hidden="true">
        {value}%
      </span>
    </div>
  );
}

/** BPM, key and energy up front, the other scores as small meters. */
function Sound({ features }: { features: SongFeatures }) {
  const wheel = camelot(features);
  const energy = percent(features.energy);
  return (
    <>
      <dl className="info-stats">
        <div className="info-stat">
          <dt className="info-stat__label">BPM</dt>
          <dd className="info-stat__value">{formatBpm(features.bpm)}</dd>
          <dd className="info-stat__note">{features.bpm > 0 ? 'Tempo' : 'No steady beat'}</dd>
        </div>
        <div className="info-stat">
          <dt className="info-stat__label">Key</dt>
          <dd className="info-stat__value">{features.key || UNKNOWN}</dd>
          <dd className="info-stat__note">
            {wheel ? <span title={`Camelot ${wheel}`}>Camelot {wheel}</span> : 'No clear key'}
          </dd>
        </div>
        <div className="info-stat info-stat--energy">
          <dt className="info-stat__label">Energy</dt>
          <dd className="info-stat__value">{energy}%</dd>
          <dd className="info-stat__note">
            <span
              className="info-stat__bar"
              role="meter"
              aria-label="Energy"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={energy}
              aria-valuetext={`${energy}%, ${energyWord(features.energy).toLowerCase()}`}
            >
              <span className="info-stat__bar-fill" style={{ width: `${energy}%` }} />
            </span>
            <span className="info-stat__word">{energyWord(features.energy)}</span>
          </dd>
        </div>
      </dl>
      <div className="info-meters">
        {soundMeters(features).map((m) => (
          <Meter key={m.label} label={m.label} value={m.value} />
        ))}
      </div>
    </>
  );
}

/** Said while the song waits for its analysis, which runs in the background. */
function StillListening() {
  return (
    <div className="info-listening" role="status">
      <span className="eq info-listening__eq" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <div>
        <p className="info-listening__title">Still listening to this song…</p>
        <p className="info-listening__text">
          Its tempo, key and energy show up here once the analysis has run in the background.
        </p>
      </div>
    </div>
  );
}

/**
 * Everything known about one song: where it belongs, the facts of its file,
 * and what its analysis heard (GET /api/songs/{id}). A sheet on phones.
 */
export function SongInfoDialog({ song, onClose, onNavigate }: SongInfoDialogProps) {
  const details = useSongDetails(song._id);
  const shown = details.data ?? song;
  const soundId = useId();
  const detailsId = useId();
  const artist = songArtist(shown);

  function leave() {
    onClose();
    onNavigate?.();
  }

  let sound;
  if (details.isPending) {
    sound = (
      <div className="row-loader">
        <Spinner label="Loading the song's sound" />
      </div>
    );
  } else if (details.isError) {
    sound = (
      <EmptyState icon={CircleAlert} title="We could not load this song's details" compact>
        {errorMessage(details.error)}
      </EmptyState>
    );
  } else if (details.data.features) {
    sound = <Sound features={details.data.features} />;
  } else {
    sound = <StillListening />;
  }

  return (
    <Dialog open onClose={onClose} title="Song info" size="md" closeLabel="Close song info">
      <div className="info-hero">
        <img className="info-hero__glow" src={shown.coverSmall} alt="" aria-hidden="true" />
        <SongCover src={shown.cover} size={128} className="info-hero__cover" eager />
        <div className="info-hero__text">
          <h3 className="info-hero__title">{shown.song}</h3>
          <Link className="info-hero__artist" to={songArtistPath(shown)} onClick={leave}>
            {artist}
          </Link>
          {shown.album && shown.albumId && (
            <Link className="info-hero__album" to={albumPath(shown.albumId)} onClick={leave}>
              {shown.album}
            </Link>
          )}
          {shown.genre && (
            <Link className="info-hero__genre" to={genrePath(shown.genre)} onClick={leave}>
              {shown.genre}
            </Link>
          )}
        </div>
      </div>

      <section className="info-section" aria-labelledby={soundId}>
        <h3 id={soundId} className="info-section__title">
          <AudioLines size={16} aria-hidden="true" />
          Sound
        </h3>
        {sound}
      </section>

      <section className="info-section" aria-labelledby={detailsId}>
        <h3 id={detailsId} className="info-section__title">
          <FileAudio size={16} aria-hidden="true" />
          Details
        </h3>
        <dl className="info-facts">
          {detailRows(shown, { bpm: details.isSuccess && !details.data.features }).map((row) => (
            <div key={row.label} className="info-fact">
              <dt>{row.label}</dt>
              <dd title={row.title}>{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Dialog>
  );
}
