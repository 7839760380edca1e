// Package social is follows, likes and the feed of what followed people
// do. Every write acts on the caller only.
package social

import (
	"context"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Store is what the service reads and writes.
type Store interface {
	musicify.UserStore
	musicify.FollowStore
	musicify.LikeStore
	musicify.FeedStore
}

// Service implements the social features.
type Service struct {
	Store Store
	Now   func() time.Time
}

// Follow makes user follow the user with id target.
func (s *Service) Follow(ctx context.Context, user *musicify.User, target string) (*musicify.Follow, error) {
	if target == "" {
		return nil, musicify.Errorf(musicify.EINVALID, "Please say whom to follow (id).")
	}
	other, err := s.Store.UserByID(ctx, target)
	if err != nil {
		return nil, err
	}
	if other.ID == user.ID {
		return nil, musicify.Errorf(musicify.EINVALID, "You cannot follow yourself.")
	}
	f := &musicify.Follow{FollowerID: user.ID, Follower: user.Username, FolloweeID: other.ID, Followee: other.Username, Created: s.Now()}
	if err := s.Store.CreateFollow(ctx, f); err != nil {
		if musicify.ErrorCode(err) == musicify.ECONFLICT {
			return nil, musicify.Errorf(musicify.ECONFLICT, "You already follow %s.", other.Username)
		}
		return nil, err
	}
	return f, nil
}

// Unfollow stops user following the user with id target.
func (s *Service) Unfollow(ctx context.Context, user *musicify.User, target string) error {
	f, err := s.Store.FollowOf(ctx, user.ID, target)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return musicify.Errorf(musicify.ENOTFOUND, "You do not follow this user.")
	} else if err != nil {
		return err
	}
	return s.Store.DeleteFollow(ctx, f.ID)
}

// RemoveFollow deletes a follow record the caller is part of: a follower
// they no longer want, or someone they follow.
func (s *Service) RemoveFollow(ctx context.Context, user *musicify.User, id string) error {
	f, err := s.Store.FollowByID(ctx, id)
	if err != nil {
		return err
	}
	if f.FollowerID != user.ID && f.FolloweeID != user.ID {
		return musicify.Errorf(musicify.EFORBIDDEN, "You can only remove your own followers and followings.")
	}
	return s.Store.DeleteFollow(ctx, f.ID)
}

// Like marks a song liked by user; liking twice is fine.
func (s *Service) Like(ctx context.Context, user *musicify.User, songID string) error {
	if songID == "" {
		return musicify.Errorf(musicify.EINVALID, "Please say which song (song).")
	}
	_, err := s.Store.Like(ctx, user.ID, songID, s.Now())
	return err
}

func (s *Service) Unlike(ctx context.Context, user *musicify.User, songID string) error {
	return s.Store.Unlike(ctx, user.ID, songID)
}

func (s *Service) Likes(ctx context.Context, user *musicify.User, songID string) (bool, error) {
	return s.Store.Likes(ctx, user.ID, songID)
}

// Following tells, for each user id, whether user follows them.
func (s *Service) Following(ctx context.Context, user *musicify.User) (map[string]bool, error) {
	list, err := s.Store.Followings(ctx, user.ID)
	if err != nil {
		return nil, err
	}
	set := make(map[string]bool, len(list))
	for _, f := range list {
		set[f.FolloweeID] = true
	}
	return set, nil
}
