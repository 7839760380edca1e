// Package mixes makes the lists of songs made for one person from what
// they play: Discover Weekly (songs they never played, the same all week),
// Release Radar (new songs from the people they follow and the artists
// they play), On Repeat (their most played of the last 30 days), Repeat
// Rewind (songs they played a lot before and not lately) and up to six
// Daily Mixes (one a taste of theirs, favourites and new finds, daily.go).
package mixes

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
)

// The kinds of mix, which are also their ids in URLs.
const (
	DiscoverWeekly = "discover-weekly"
	OnRepeat       = "on-repeat"
	RepeatRewind   = "repeat-rewind"
	ReleaseRadar   = "release-radar"
)

// Kinds are the mixes in the order they are shown.
var Kinds = []string{DiscoverWeekly, ReleaseRadar, OnRepeat, RepeatRewind}

// Title is what a mix is called and says of itself, the same in the web
// app and in Subsonic apps.
type Title struct{ Name, Description string }

// Titles are the mixes' titles by kind.
var Titles = map[string]Title{
	DiscoverWeekly: {"Discover Weekly", "Songs you have never played, picked for you. New every Monday."},
	OnRepeat:       {"On Repeat", "The songs you have played most in the last 30 days."},
	RepeatRewind:   {"Repeat Rewind", "Songs you played a lot and have not played lately."},
	ReleaseRadar:   {"Release Radar", "New songs from the people you follow and the artists you play."},
}

const (
	// Size is the most songs a mix holds.
	Size = 30
	// recently is how far back On Repeat looks, and how long a song has
	// not been played for Repeat Rewind to bring it back.
	recently = 30 * 24 * time.Hour
	// fresh is how new a song must be for Release Radar.
	fresh = 28 * 24 * time.Hour
	// minPlays is how often a song must have been played to be on repeat,
	// or to be worth a rewind.
	minPlays = 2
)

// Recommender is what the mixes ask of the recommendation engine: Discover
// Weekly a ranking for the person, Daily Mixes their favourites grouped
// into tastes and songs like them.
type Recommender interface {
	ForUserExplained(userID string, n int, opts recommend.Options) []recommend.Rec
	Similar(songID string, n int) []string
	Tastes(songIDs []string) (groups [][]string, unplaced []string)
}

// Songs loads songs: the Daily Mixes group the favourites the recommender
// cannot place by their tags.
type Songs interface {
	SongsByIDs(ctx context.Context, ids []string) ([]*musicify.Song, error)
}

// Service makes the mixes.
type Service struct {
	Store       musicify.MixStore
	Recommender Recommender
	Songs       Songs
	Now         func() time.Time
}

// Mix makes one mix for the user; an unknown kind is not found. A mix may
// be empty: nothing played yet, or nothing played long enough ago.
func (s *Service) Mix(ctx context.Context, user *musicify.User, kind string) (*musicify.Mix, error) {
	// Days and weeks are the person's own: their mixes change at their
	// midnight and Discover Weekly on their Monday.
	now := s.Now().In(user.Location())
	switch kind {
	case DiscoverWeekly:
		return s.discoverWeekly(ctx, user, now)
	case OnRepeat:
		ids, err := s.Store.MostPlayedSince(ctx, user.ID, now.Add(-recently), minPlays, Size)
		if err != nil {
			return nil, err
		}
		return &musicify.Mix{Kind: kind, Songs: ids, Created: today(now)}, nil
	case RepeatRewind:
		ids, err := s.Store.PlayedBeforeOnly(ctx, user.ID, now.Add(-recently), minPlays, Size)
		if err != nil {
			return nil, err
		}
		return &musicify.Mix{Kind: kind, Songs: ids, Created: today(now)}, nil
	case ReleaseRadar:
		ids, err := s.Store.NewFromTheirArtists(ctx, user.ID, now.Add(-fresh), Size)
		if err != nil {
			return nil, err
		}
		return &musicify.Mix{Kind: kind, Songs: ids, Created: today(now)}, nil
	}
	if n := dailyIndex(kind); n > 0 {
		daily, err := s.Daily(ctx, user)
		if err != nil {
			return nil, err
		}
		if n <= len(daily) {
			return daily[n-1], nil
		}
	}
	return nil, musicify.Errorf(musicify.ENOTFOUND, "There is no mix called %q.", kind)
}

// today is when a mix read afresh from the listens counts as made: the
// start of its day where now is (the person's zone), so that apps asking
// twice see one date.
func today(now time.Time) time.Time {
	y, m, d := now.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, now.Location())
}

// Week names the ISO week of t where t is (the person's zone; "2026-W48"):
// a Discover Weekly is made on the first visit of the week, from their
// Monday on.
func Week(t time.Time) string {
	year, week := t.ISOWeek()
	return fmt.Sprintf("%d-W%02d", year, week)
}

// discoverWeekly keeps the first mix made this week, so it stays the same
// all week and on every instance: songs the user never played, as the
// recommender ranks them for them now, each with its reason.
func (s *Service) discoverWeekly(ctx context.Context, user *musicify.User, now time.Time) (*musicify.Mix, error) {
	// Read first: most visits of a week find the mix made on the first.
	kept, err := s.Store.KeptMix(ctx, user.ID, DiscoverWeekly)
	if err == nil && kept.Period == Week(now) {
		return kept, nil
	} else if err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return nil, err
	}
	played, heard, err := s.played(ctx, user.ID)
	if err != nil {
		return nil, err
	}
	m := &musicify.Mix{Kind: DiscoverWeekly, Period: Week(now), Created: now}
	for _, rec := range s.Recommender.ForUserExplained(user.ID, Size, recommend.Options{ExcludeAll: true, Heard: played}) {
		if heard[rec.ID] || slices.Contains(m.Songs, rec.ID) {
			continue // the engine's history is bounded; the listens are not
		}
		m.Songs = append(m.Songs, rec.ID)
		m.Reasons = append(m.Reasons, musicify.MixReason{Reason: rec.Reason, Seed: rec.Seed, Artist: rec.Artist})
	}
	if len(m.Songs) == 0 {
		return m, nil // nothing to recommend yet: no week is spent on it
	}
	return s.Store.KeepMix(ctx, user.ID, m)
}

// played is every song the user ever played, as a list and as a set.
func (s *Service) played(ctx context.Context, userID string) ([]string, map[string]bool, error) {
	ids, err := s.Store.PlayedSongs(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	set := make(map[string]bool, len(ids))
	for _, id := range ids {
		set[id] = true
	}
	return ids, set, nil
}
