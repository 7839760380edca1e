import { Heart } from 'lucide-react';
import type { Song } from '@/lib/song';
import { useIsLiked, useToggleLike } from './likes';

interface LikeButtonProps {
  song: Song;
  size?: number;
  className?: string;
}

/** The heart of a song: 'Like …' or 'Unlike …' with its name, pressed while liked, optimistic. */
export function LikeButton({ song, size = 18, className = 'song-action' }: LikeButtonProps) {
  const liked = useIsLiked(song._id);
  const toggle = useToggleLike();
  return (
    <button
      type="button"
      className={liked ? `${className} like like--on` : `${className} like`}
      onClick={() => toggle.mutate({ song, like: !liked })}
      aria-label={`${liked ? 'Unlike' : 'Like'} ${song.song}`}
      aria-pressed={liked}
      title={liked ? 'Remove from Liked Songs' : 'Save to Liked Songs'}
    >
      <Heart size={size} fill={liked ? 'currentColor' : 'none'} aria-hidden="true" />
    </button>
  );
}
