export { LikeButton } from './LikeButton';
export { useIsLiked, useLikedSongs, useToggleLike } from './likes';
export { SongCover } from './SongCover';
export { SongList } from './SongList';
export { MoreLikeThisDialog } from './MoreLikeThisDialog';
export { SongInfoDialog } from './SongInfoDialog';
