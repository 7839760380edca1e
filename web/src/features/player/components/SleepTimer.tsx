import { useEffect, useState } from 'react';
import { Check, Moon, TimerOff } from 'lucide-react';
import { Menu, type MenuItem } from '@/components/ui';
import {
  cancelSleepTimer,
  setSleepTimer,
  SLEEP_OPTIONS,
  usePlayer,
  type SleepOption,
} from '@/lib/player-store';
import { formatTime } from '@/lib/song';

/** The clock, re-read every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running]);
  return now;
}

const optionLabel = (o: SleepOption) => (o === 'end' ? 'End of song' : `${o} minutes`);

/**
 * The sleep timer's menu: end of song, 15, 30 or 60 minutes, and off. Its
 * button shows the time left while one is set.
 */
export function SleepTimer() {
  const sleep = usePlayer((s) => s.sleep);
  const now = useNow(sleep?.endsAt != null);

  let left: string | null = null;
  let label = 'Sleep timer';
  if (sleep?.option === 'end') {
    left = 'End of song';
    label = 'Sleep timer: pauses at the end of the song';
  } else if (sleep?.endsAt != null) {
    left = formatTime(Math.ceil(Math.max(0, sleep.endsAt - now) / 1000));
    label = `Sleep timer: ${left} left`;
  }

  const items: MenuItem[] = SLEEP_OPTIONS.map((o) => ({
    label: optionLabel(o),
    icon:
      sleep?.option === o ? (
        <Check size={18} aria-hidden="true" />
      ) : (
        <span className="sleep__spacer" aria-hidden="true" />
      ),
    onSelect: () => setSleepTimer(o),
  }));
  if (sleep) {
    items.push({
      label: 'Turn off sleep timer',
      icon: <TimerOff size={18} aria-hidden="true" />,
      onSelect: cancelSleepTimer,
    });
  }

  return (
    <Menu
      className={sleep ? 'sleep sleep--on' : 'sleep'}
      label={label}
      items={items}
      trigger={
        <>
          <Moon size={18} aria-hidden="true" />
          {left && (
            <span className="sleep__left" aria-hidden="true">
              {left}
            </span>
          )}
        </>
      }
    />
  );
}
