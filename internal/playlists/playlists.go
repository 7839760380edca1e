// Package playlists is the life of playlists, with every write checked
// against the owner: only the person who made a playlist can change it.
package playlists

import (
	"context"
	"log/slog"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/musicify"
)

// Service implements playlists on a store.
type Service struct {
	Store  musicify.PlaylistStore
	Blobs  musicify.BlobStore
	Logger *slog.Logger
}

// ValidateName keeps the name as typed, spaces included, within bounds.
func ValidateName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", musicify.Errorf(musicify.EINVALID, "Please give the playlist a name.").In("name")
	case !utf8.ValidString(name):
		return "", musicify.Errorf(musicify.EINVALID, "The playlist name must be text.").In("name")
	case utf8.RuneCountInString(name) > musicify.PlaylistNameMax:
		return "", musicify.Errorf(musicify.EINVALID, "The playlist name is too long: at most %d characters.", musicify.PlaylistNameMax).In("name")
	}
	return name, nil
}

// ValidateDescription trims what the owner wrote about a playlist and
// keeps it to one paragraph of text: line breaks and tabs (a Subsonic app
// may send them) become spaces, other control characters are refused.
func ValidateDescription(d string) (string, error) {
	d = strings.TrimSpace(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(d))
	switch {
	case !utf8.ValidString(d):
		return "", musicify.Errorf(musicify.EINVALID, "The playlist description must be text.").In("description")
	case strings.IndexFunc(d, unicode.IsControl) >= 0:
		return "", musicify.Errorf(musicify.EINVALID, "The playlist description holds a control character: please write it as plain text.").In("description")
	case utf8.RuneCountInString(d) > musicify.PlaylistDescriptionMax:
		return "", musicify.Errorf(musicify.EINVALID, "The playlist description is too long: at most %d characters.", musicify.PlaylistDescriptionMax).In("description")
	}
	return d, nil
}

// Create makes a playlist for user; description may be "".
func (s *Service) Create(ctx context.Context, user *musicify.User, name, description string) (*musicify.Playlist, error) {
	name, err := ValidateName(name)
	if err != nil {
		return nil, err
	}
	if description, err = ValidateDescription(description); err != nil {
		return nil, err
	}
	p := &musicify.Playlist{Name: name, Description: description, UserID: user.ID, Owner: user.Username}
	if err := s.Store.CreatePlaylist(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// Find resolves an id (anyone's playlist, to read) or a name (the user's own).
func (s *Service) Find(ctx context.Context, user *musicify.User, idOrName string) (*musicify.Playlist, error) {
	if strings.TrimSpace(idOrName) == "" {
		return nil, musicify.Errorf(musicify.EINVALID, "Please say which playlist (id or name).")
	}
	p, err := s.Store.Playlist(ctx, idOrName)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		p, err = s.Store.PlaylistByName(ctx, user.ID, strings.TrimSpace(idOrName))
	}
	if err != nil {
		return nil, err
	}
	return s.Fill(ctx, p)
}

// owned resolves a playlist the user is about to change, refusing anyone
// but its owner.
func (s *Service) owned(ctx context.Context, user *musicify.User, idOrName string) (*musicify.Playlist, error) {
	p, err := s.Find(ctx, user, idOrName)
	if err != nil {
		return nil, err
	}
	if p.UserID != user.ID {
		return nil, musicify.Errorf(musicify.EFORBIDDEN, "Only %s can change this playlist.", p.Owner)
	}
	return p, nil
}

// Songs lists a playlist's songs in order; a smart playlist's are what its
// rules match now, the owner's plays, likes and ratings deciding.
func (s *Service) Songs(ctx context.Context, p *musicify.Playlist) ([]*musicify.Song, error) {
	if p.Rules != nil {
		return s.Store.SmartSongs(ctx, p.UserID, p.ID, p.Rules)
	}
	return s.Store.PlaylistSongs(ctx, p.ID)
}

// Mine lists the user's playlists.
func (s *Service) Mine(ctx context.Context, user *musicify.User) ([]*musicify.Playlist, error) {
	list, err := s.Store.PlaylistsByUser(ctx, user.ID)
	if err != nil {
		return nil, err
	}
	return s.FillAll(ctx, list)
}

// Search lists the user's playlists whose names contain every word of query.
func (s *Service) Search(ctx context.Context, user *musicify.User, query string) ([]*musicify.Playlist, error) {
	all, err := s.Store.PlaylistsByUser(ctx, user.ID)
	if err != nil {
		return nil, err
	}
	words := strings.Fields(strings.ToLower(query))
	found := []*musicify.Playlist{}
	for _, p := range all {
		name := strings.ToLower(p.Name)
		match := true
		for _, w := range words {
			match = match && strings.Contains(name, w)
		}
		if match {
			found = append(found, p)
		}
	}
	return s.FillAll(ctx, found)
}

// Update changes the name and/or description of a playlist the user
// owns; a nil field stays as it is.
func (s *Service) Update(ctx context.Context, user *musicify.User, idOrName string, e musicify.PlaylistEdit) (*musicify.Playlist, error) {
	if e.Name == nil && e.Description == nil {
		return nil, musicify.Errorf(musicify.EINVALID, "Please give the playlist a new name or description.")
	}
	p, err := s.owned(ctx, user, idOrName)
	if err != nil {
		return nil, err
	}
	if e.Name != nil {
		name, err := ValidateName(*e.Name)
		if err != nil {
			return nil, err
		}
		e.Name = &name
	}
	if e.Description != nil {
		d, err := ValidateDescription(*e.Description)
		if err != nil {
			return nil, err
		}
		e.Description = &d
	}
	if err := s.Store.UpdatePlaylist(ctx, p.ID, e); err != nil {
		return nil, err
	}
	return s.Find(ctx, user, p.ID)
}

// Delete removes the playlist and its cover; the songs stay.
func (s *Service) Delete(ctx context.Context, user *musicify.User, idOrName string) error {
	p, err := s.owned(ctx, user, idOrName)
	if err != nil {
		return err
	}
	if err := s.Store.DeletePlaylist(ctx, p.ID); err != nil {
		return err
	}
	covers.Delete(ctx, s.Blobs, s.Logger, p.CoverKey)
	return nil
}

// SetCover replaces the playlist's cover with the image at path.
func (s *Service) SetCover(ctx context.Context, user *musicify.User, idOrName, path string) (*musicify.Playlist, error) {
	p, err := s.owned(ctx, user, idOrName)
	if err != nil {
		return nil, err
	}
	key, err := covers.Store(ctx, s.Blobs, s.Logger, path)
	if err != nil {
		return nil, err
	}
	old, err := s.Store.SetPlaylistCover(ctx, p.ID, key)
	if err != nil {
		covers.Delete(ctx, s.Blobs, s.Logger, key)
		return nil, err
	}
	covers.Delete(ctx, s.Blobs, s.Logger, old)
	return s.Store.Playlist(ctx, p.ID)
}

// Add appends a song; a song already there is refused with a message.
func (s *Service) Add(ctx context.Context, user *musicify.User, idOrName, songID string) (*musicify.Playlist, error) {
	if songID == "" {
		return nil, musicify.Errorf(musicify.EINVALID, "Please say which song to add (songs).")
	}
	p, err := s.owned(ctx, user, idOrName)
	if err != nil {
		return nil, err
	}
	if p.Rules != nil {
		return nil, musicify.ErrSmartPlaylist
	}
	if err := s.Store.AddPlaylistSong(ctx, p.ID, songID); err != nil {
		if musicify.ErrorCode(err) == musicify.ECONFLICT {
			return nil, musicify.Errorf(musicify.ECONFLICT, "This song is already in “%s”.", p.Name)
		}
		return nil, err
	}
	return s.Store.Playlist(ctx, p.ID)
}

func (s *Service) Remove(ctx context.Context, user *musicify.User, idOrName, songID string) error {
	p, err := s.owned(ctx, user, idOrName)
	if err != nil {
		return err
	}
	return s.Store.RemovePlaylistSong(ctx, p.ID, songID)
}

func (s *Service) Reorder(ctx context.Context, user *musicify.User, idOrName string, songIDs []string) error {
	p, err := s.owned(ctx, user, idOrName)
	if err != nil {
		return err
	}
	return s.Store.ReorderPlaylist(ctx, p.ID, songIDs)
}
