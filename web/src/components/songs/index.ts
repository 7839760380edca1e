export { SongCover } from './SongCover';
export { SongList } from './SongList';
