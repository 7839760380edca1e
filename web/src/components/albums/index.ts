export { AlbumGrid } from './AlbumGrid';
export { BrowseTabs } from './BrowseTabs';
