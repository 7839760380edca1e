import { useId } from 'react';
import { AudioLines, Blend } from 'lucide-react';
import { Section, Slider } from '@/components/ui';
import {
  CROSSFADE_MAX,
  setCrossfade,
  setNormalize,
  usePlaybackSettings,
} from '@/lib/playback-settings';
import './PlaybackSection.css';

/** '5 s', or 'Off' for a gapless change. */
function crossfadeLabel(seconds: number): string {
  return seconds > 0 ? `${seconds} s` : 'Off';
}

/**
 * Settings → Playback: the crossfade between songs and loudness
 * normalisation. Both are kept in this browser, as they suit its speakers.
 */
export function PlaybackSection() {
  const crossfade = usePlaybackSettings((s) => s.crossfade);
  const normalize = usePlaybackSettings((s) => s.normalize);
  const crossfadeHint = useId();
  const normalizeHint = useId();
  const normalizeLabel = useId();

  return (
    <Section title="Playback">
      <div className="playback">
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
            <input
              type="checkbox"
              role="switch"
              className="playback__switch"
              checked={normalize}
              onChange={(e) => setNormalize(e.target.checked)}
              aria-labelledby={normalizeLabel}
              aria-describedby={normalizeHint}
            />
          </div>
        </div>
      </div>
    </Section>
  );
}
