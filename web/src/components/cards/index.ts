export { ArtistCard } from './ArtistCard';
export { CardRow } from './CardRow';
export { SongCard } from './SongCard';
