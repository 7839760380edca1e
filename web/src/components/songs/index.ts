export { LikeButton } from './LikeButton';
export { useIsLiked, useLikedSongs, useToggleLike } from './likes';
export { SongCover } from './SongCover';
export { SongList } from './SongList';
export { MoreLikeThisDialog } from './MoreLikeThisDialog';
export { SongInfoDialog } from './SongInfoDialog';
export { ListViewControls, NoSongsMatch } from './ListViewControls';
export { useListView, sortSongs, filterSongs, type SongSort } from './list-view';
export { QueueListMenu } from './QueueListMenu';
