package playlists

import (
	"context"

	"github.com/musicify/musicify/internal/musicify"
)

// PreviewMax is how many of the matching songs a preview shows.
const PreviewMax = 50

// CreateSmart makes a smart playlist for user from rules.
func (s *Service) CreateSmart(ctx context.Context, user *musicify.User, name, description string, rules *musicify.SmartRules) (*musicify.Playlist, error) {
	name, err := ValidateName(name)
	if err != nil {
		return nil, err
	}
	if description, err = ValidateDescription(description); err != nil {
		return nil, err
	}
	if rules, err = ValidateRules(rules); err != nil {
		return nil, err
	}
	p := &musicify.Playlist{Name: name, Description: description, UserID: user.ID, Owner: user.Username, Rules: rules}
	if err := s.Store.CreatePlaylist(ctx, p); err != nil {
		return nil, err
	}
	return s.Fill(ctx, p)
}

// SetRules replaces the rules of a smart playlist the user owns.
func (s *Service) SetRules(ctx context.Context, user *musicify.User, idOrName string, rules *musicify.SmartRules) (*musicify.Playlist, error) {
	p, err := s.owned(ctx, user, idOrName)
	if err != nil {
		return nil, err
	}
	if rules, err = ValidateRules(rules); err != nil {
		return nil, err
	}
	if err := s.Store.SetPlaylistRules(ctx, p.ID, rules); err != nil {
		return nil, err
	}
	p, err = s.Store.Playlist(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	return s.Fill(ctx, p)
}

// Preview is what rules would hold for user now: how many songs, and the
// first PreviewMax of them, in the playlist's order. seed is the id of the
// playlist being edited, so a shuffle previews as it will play; "" for a
// new one.
func (s *Service) Preview(ctx context.Context, user *musicify.User, seed string, rules *musicify.SmartRules) (int, []*musicify.Song, error) {
	rules, err := ValidateRules(rules)
	if err != nil {
		return 0, nil, err
	}
	n, err := s.Store.SmartCount(ctx, user.ID, rules)
	if err != nil {
		return 0, nil, err
	}
	// Only the songs shown are read. A new playlist has no id yet: its
	// shuffle is seeded by the owner, so it stays put while the rules change.
	if seed == "" {
		seed = user.ID
	}
	shown := *rules
	shown.Limit = min(PreviewMax, n)
	if n == 0 {
		return 0, []*musicify.Song{}, nil
	}
	songs, err := s.Store.SmartSongs(ctx, user.ID, seed, &shown)
	if err != nil {
		return 0, nil, err
	}
	return n, songs, nil
}

// Fill gives a smart playlist its count and mosaic as of now (the store
// only counts songs held by hand), reading no more songs than the mosaic
// needs: a list of playlists stays quick with large smart ones.
func (s *Service) Fill(ctx context.Context, p *musicify.Playlist) (*musicify.Playlist, error) {
	if p.Rules == nil {
		return p, nil
	}
	n, err := s.Store.SmartCount(ctx, p.UserID, p.Rules)
	if err != nil {
		return nil, err
	}
	p.Songs, p.Mosaic = n, nil
	if n == 0 {
		return p, nil
	}
	first := *p.Rules
	first.Limit = min(n, PreviewMax)
	songs, err := s.Store.SmartSongs(ctx, p.UserID, p.ID, &first)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, song := range songs {
		if len(p.Mosaic) == 4 {
			break
		}
		if song.CoverKey != "" && !seen[song.CoverKey] {
			seen[song.CoverKey] = true
			p.Mosaic = append(p.Mosaic, song.CoverKey)
		}
	}
	return p, nil
}

// FillAll fills each smart playlist of list.
func (s *Service) FillAll(ctx context.Context, list []*musicify.Playlist) ([]*musicify.Playlist, error) {
	for _, p := range list {
		if _, err := s.Fill(ctx, p); err != nil {
			return nil, err
		}
	}
	return list, nil
}
