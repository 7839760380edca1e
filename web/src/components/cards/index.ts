export { AlbumCard } from './AlbumCard';
export { ArtistCard } from './ArtistCard';
export { CardPlay } from './CardPlay';
export { CardRow } from './CardRow';
export { SongCard } from './SongCard';
