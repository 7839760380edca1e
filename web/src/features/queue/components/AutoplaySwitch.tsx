import { useId } from 'react';
import { Infinity as Endless } from 'lucide-react';
import { Switch } from '@/components/ui';
import { setAutoplay, usePlaybackSettings } from '@/lib/playback-settings';

/** The queue's own autoplay switch: the same setting as Settings → Playback. */
export function AutoplaySwitch() {
  const on = usePlaybackSettings((s) => s.autoplay);
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={on ? 'queue-autoplay queue-autoplay--on' : 'queue-autoplay'}>
      <span className="queue-autoplay__icon" aria-hidden="true">
        <Endless size={20} />
      </span>
      <span className="queue-autoplay__text">
        <span id={labelId} className="queue-autoplay__name">
          Autoplay
        </span>
        <span id={hintId} className="queue-autoplay__hint">
          Similar songs play when your queue ends
        </span>
      </span>
      <Switch
        checked={on}
        onChange={(e) => setAutoplay(e.target.checked)}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      />
    </div>
  );
}
