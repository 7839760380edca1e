import { useId } from 'react';
import { AudioLines, Blend, Disc3, Gauge, Infinity as Endless } from 'lucide-react';
import { Section, Slider, Switch } from '@/components/ui';
import {
  CROSSFADE_MAX,
  setAutoplay,
  setGapless,
  setCrossfade,
  setNormalize,
  setStreamQuality,
  STREAM_QUALITIES,
  usePlaybackSettings,
  type StreamQuality,
} from '@/lib/playback-settings';
import './PlaybackSection.css';

/** '5 s', or 'Off' for a gapless change. */
function crossfadeLabel(seconds: number): string {
  return seconds > 0 ? `${seconds} s` : 'Off';
}

const QUALITY_NAMES: Record<StreamQuality, string> = {
  0: 'Original',
  256: 'High · 256 kbps',
  160: 'Normal · 160 kbps',
  96: 'Data saver · 96 kbps',
};

function qualityHint(quality: StreamQuality): string {
  if (quality === 0) {
    return 'Songs play from their original files, lossless ones included. Files your browser can’t play are converted.';
  }
  return `Songs stream at about ${quality} kbps, using less data. Downloads keep the original.`;
}

/**
 * Settings → Playback: the streaming quality, the crossfade between songs,
 * loudness normalisation and autoplay. All are kept in this browser, as they suit
 * its connection and its speakers.
 */
export function PlaybackSection() {
  const crossfade = usePlaybackSettings((s) => s.crossfade);
  const normalize = usePlaybackSettings((s) => s.normalize);
  const quality = usePlaybackSettings((s) => s.quality);
  const qualityHintId = useId();
  const qualityLabel = useId();
  const crossfadeHint = useId();
  const normalizeHint = useId();
  const normalizeLabel = useId();
  const autoplay = usePlaybackSettings((s) => s.autoplay);
  const gapless = usePlaybackSettings((s) => s.gapless);
  const gaplessHint = useId();
  const gaplessLabel = useId();
  const autoplayHint = useId();
  const autoplayLabel = useId();

  return (
    <Section title="Playback">
      <div className="playback">
        <div className="playback__row">
          <span className="playback__icon" aria-hidden="true">
            <Gauge size={20} />
          </span>
          <div className="playback__text">
            <p id={qualityLabel} className="playback__name">
              Streaming quality
            </p>
            <p id={qualityHintId} className="playback__hint">
              {qualityHint(quality)}
            </p>
          </div>
          <div className="playback__control">
            <select
              className="playback__select"
              value={quality}
              onChange={(e) => setStreamQuality(Number(e.target.value) as StreamQuality)}
              aria-labelledby={qualityLabel}
              aria-describedby={qualityHintId}
            >
              {STREAM_QUALITIES.map((q) => (
                <option key={q} value={q}>
                  {QUALITY_NAMES[q]}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="playback__row">
          <span className="playback__icon" aria-hidden="true">
            <Blend size={20} />
          </span>
          <div className="playback__text">
            <p className="playback__name">Crossfade</p>
            <p id={crossfadeHint} className="playback__hint">
              {crossfade > 0
                ? `The next song fades in over the last ${crossfade} seconds of this one.`
                : 'Songs follow each other without a gap, as albums were mastered.'}
            </p>
          </div>
          <div className="playback__control playback__control--slider">
            <Slider
              label="Crossfade"
              min={0}
              max={CROSSFADE_MAX}
              value={crossfade}
              onValueChange={setCrossfade}
              valueText={crossfade > 0 ? `${crossfade} seconds` : 'Off'}
              aria-describedby={crossfadeHint}
            />
            <output className="playback__value" aria-hidden="true">
              {crossfadeLabel(crossfade)}
            </output>
          </div>
        </div>

        <div className="playback__row">
          <span className="playback__icon" aria-hidden="true">
            <AudioLines size={20} />
          </span>
          <div className="playback__text">
            <p id={normalizeLabel} className="playback__name">
              Normalize volume
            </p>
            <p id={normalizeHint} className="playback__hint">
              Loud songs are turned down to one level, using each song&rsquo;s measured loudness or
              its ReplayGain tag.
            </p>
          </div>
          <div className="playback__control">
            <Switch
              checked={normalize}
              onChange={(e) => setNormalize(e.target.checked)}
              aria-labelledby={normalizeLabel}
              aria-describedby={normalizeHint}
            />
          </div>
        </div>

        <div className="playback__row">
          <span className="playback__icon" aria-hidden="true">
            <Endless size={20} />
          </span>
          <div className="playback__text">
            <p id={autoplayLabel} className="playback__name">
              Autoplay
            </p>
            <p id={autoplayHint} className="playback__hint">
              When your queue ends, similar songs keep playing. They are added to the queue, marked
              as autoplay.
            </p>
          </div>
          <div className="playback__control">
            <Switch
              checked={autoplay}
              onChange={(e) => setAutoplay(e.target.checked)}
              aria-labelledby={autoplayLabel}
              aria-describedby={autoplayHint}
            />
          </div>
        </div>

        <div className="playback__row">
          <span className="playback__icon" aria-hidden="true">
            <Disc3 size={20} />
          </span>
          <div className="playback__text">
            <p id={gaplessLabel} className="playback__name">
              Gapless albums
            </p>
            <p id={gaplessHint} className="playback__hint">
              The tracks of an album follow each other without a click, decoded ahead of time. Turn
              it off to use less memory; the changes are then a few milliseconds apart. With
              crossfade on, songs crossfade instead.
            </p>
          </div>
          <div className="playback__control">
            <Switch
              checked={gapless}
              onChange={(e) => setGapless(e.target.checked)}
              aria-labelledby={gaplessLabel}
              aria-describedby={gaplessHint}
            />
          </div>
        </div>
      </div>
    </Section>
  );
}
