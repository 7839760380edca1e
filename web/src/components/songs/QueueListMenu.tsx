import { ListEnd, ListStart, Users } from 'lucide-react';
import { Menu } from '@/components/ui';
import type { Song } from '@/lib/song';
import { useQueueActions } from './queue-actions';
import './QueueListMenu.css';

interface QueueListMenuProps {
  songs: Song[];
  /** The list's name, e.g. the album's: the button reads 'Queue options for …'. */
  name: string;
}

/** An album's or a playlist's Play next and Add to queue, behind one round button. */
export function QueueListMenu({ songs, name }: QueueListMenuProps) {
  const queue = useQueueActions();
  if (!songs.some((s) => !s.missing)) return null;
  return (
    <Menu
      className="queue-list-menu"
      label={`Queue options for ${name}`}
      trigger={<ListEnd size={20} aria-hidden="true" />}
      items={[
        {
          label: 'Play next',
          icon: <ListStart size={18} aria-hidden="true" />,
          onSelect: () => queue.playNext(songs),
        },
        {
          label: 'Add to queue',
          icon: <ListEnd size={18} aria-hidden="true" />,
          onSelect: () => queue.addToQueue(songs),
        },
        ...(queue.addToJam
          ? [
              {
                label: 'Add to Jam',
                icon: <Users size={18} aria-hidden="true" />,
                onSelect: () => queue.addToJam?.(songs),
              },
            ]
          : []),
      ]}
    />
  );
}
