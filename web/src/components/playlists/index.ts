export { AddToPlaylistDialog } from './AddToPlaylistDialog';
export { PlaylistCard } from './PlaylistCard';
export { PlaylistCover } from './PlaylistCover';
export { useCreatePlaylist, createPlaylist } from './create-playlist';
export { usePlaylists, playlistsQuery } from './get-playlists';
export { addToPlaylist, useAddToPlaylist, useAddSongsToPlaylist } from './add-to-playlist';
