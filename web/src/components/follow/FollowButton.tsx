import { UserCheck, UserPlus } from 'lucide-react';
import { Button, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useToggleFollow } from '@/lib/follows';
import './follow.css';

interface FollowButtonProps {
  userId: string;
  username: string;
  following: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** 'Follow', or 'Following' (a click unfollows): it switches at once and rolls back on failure. */
export function FollowButton({ userId, username, following, size = 'sm' }: FollowButtonProps) {
  const toggle = useToggleFollow();
  const toast = useToast();

  function onClick() {
    toggle.mutate(
      { userId, username, follow: !following },
      { onError: (err) => toast.error(errorMessage(err)) },
    );
  }

  return (
    <Button
      size={size}
      variant={following ? 'secondary' : 'primary'}
      className="follow-button"
      icon={
        following ? (
          <UserCheck size={16} aria-hidden="true" />
        ) : (
          <UserPlus size={16} aria-hidden="true" />
        )
      }
      onClick={onClick}
      title={following ? `Unfollow ${username}` : `Follow ${username}`}
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
