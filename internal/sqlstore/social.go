package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var (
	_ musicify.LikeStore   = (*DB)(nil)
	_ musicify.FollowStore = (*DB)(nil)
)

// Like is idempotent: liking twice keeps the first like.
func (d *DB) Like(ctx context.Context, userID, songID string, at time.Time) (bool, error) {
	if _, err := d.Song(ctx, songID); err != nil {
		return false, err
	}
	var liked bool
	err := d.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `INSERT INTO likes (user_id, song_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id, song_id) DO NOTHING`, userID, songID, toMillis(at))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			liked = true
			tx.emit(musicify.Event{Type: musicify.EventLiked, UserID: userID, SongID: songID, At: at})
		}
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("liking song: %w", err)
	}
	return liked, nil
}

func (d *DB) Unlike(ctx context.Context, userID, songID string) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `DELETE FROM likes WHERE user_id = ? AND song_id = ?`, userID, songID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n > 0 {
			tx.emit(musicify.Event{Type: musicify.EventUnliked, UserID: userID, SongID: songID})
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("unliking song: %w", err)
	}
	return nil
}

func (d *DB) Likes(ctx context.Context, userID, songID string) (bool, error) {
	var n int
	if err := d.queryRow(ctx, `SELECT COUNT(*) FROM likes WHERE user_id = ? AND song_id = ?`, userID, songID).Scan(&n); err != nil {
		return false, fmt.Errorf("reading like: %w", err)
	}
	return n > 0, nil
}

// LikedSongs lists a user's liked songs, the latest like first.
func (d *DB) LikedSongs(ctx context.Context, userID string) ([]*musicify.Song, error) {
	return d.songList(ctx, `SELECT `+songColumns+` FROM likes l
		JOIN songs s ON s.id = l.song_id`+songJoins+`
		WHERE l.user_id = ? ORDER BY l.created_at DESC, s.id`, userID)
}

const followSelect = `SELECT f.id, f.follower_id, a.username, f.followee_id, b.username, f.created_at
	FROM follows f JOIN users a ON a.id = f.follower_id JOIN users b ON b.id = f.followee_id`

// CreateFollow records that one user follows another; twice is a conflict.
func (d *DB) CreateFollow(ctx context.Context, f *musicify.Follow) error {
	f.ID = musicify.NewID()
	if f.Created.IsZero() {
		f.Created = d.Now().UTC().Truncate(time.Millisecond) // as stored
	}
	_, err := d.exec(ctx, `INSERT INTO follows (id, follower_id, followee_id, created_at) VALUES (?, ?, ?, ?)`,
		f.ID, f.FollowerID, f.FolloweeID, toMillis(f.Created))
	if _, ok := d.dialect.uniqueViolation(err); ok {
		return musicify.Errorf(musicify.ECONFLICT, "You already follow this user.")
	} else if err != nil {
		return fmt.Errorf("following: %w", err)
	}
	return nil
}

func (d *DB) FollowByID(ctx context.Context, id string) (*musicify.Follow, error) {
	return d.followWhere(ctx, `f.id = ?`, id)
}

func (d *DB) FollowOf(ctx context.Context, followerID, followeeID string) (*musicify.Follow, error) {
	return d.followWhere(ctx, `f.follower_id = ? AND f.followee_id = ?`, followerID, followeeID)
}

func (d *DB) followWhere(ctx context.Context, where string, args ...any) (*musicify.Follow, error) {
	f, err := scanFollow(d.queryRow(ctx, followSelect+` WHERE `+where, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "There is no such follow.")
	} else if err != nil {
		return nil, fmt.Errorf("reading follow: %w", err)
	}
	return f, nil
}

func (d *DB) DeleteFollow(ctx context.Context, id string) error {
	if _, err := d.exec(ctx, `DELETE FROM follows WHERE id = ?`, id); err != nil {
		return fmt.Errorf("deleting follow: %w", err)
	}
	return nil
}

// Followers lists who follows userID, the latest first.
func (d *DB) Followers(ctx context.Context, userID string) ([]*musicify.Follow, error) {
	return d.followList(ctx, followSelect+` WHERE f.followee_id = ? ORDER BY f.created_at DESC, f.id`, userID)
}

// Followings lists whom userID follows, the latest first.
func (d *DB) Followings(ctx context.Context, userID string) ([]*musicify.Follow, error) {
	return d.followList(ctx, followSelect+` WHERE f.follower_id = ? ORDER BY f.created_at DESC, f.id`, userID)
}

func (d *DB) followList(ctx context.Context, query string, args ...any) ([]*musicify.Follow, error) {
	return collect(ctx, d, "follows", scanFollow, query, args...)
}

func scanFollow(s scanner) (*musicify.Follow, error) {
	var f musicify.Follow
	var created int64
	if err := s.Scan(&f.ID, &f.FollowerID, &f.Follower, &f.FolloweeID, &f.Followee, &created); err != nil {
		return nil, err
	}
	f.Created = fromMillis(created)
	return &f, nil
}

// Feed lists the latest uploads, likes and new playlists of the people
// userID follows, newest first.
func (d *DB) Feed(ctx context.Context, userID string, limit int) ([]*musicify.FeedItem, error) {
	rows, err := d.query(ctx, `SELECT x.kind, x.user_id, u.username, x.song_id, x.playlist_id, x.at FROM (
			SELECT 'upload' AS kind, s.user_id, s.id AS song_id, '' AS playlist_id, s.created_at AS at FROM songs s
			UNION ALL SELECT 'like', l.user_id, l.song_id, '', l.created_at FROM likes l
			UNION ALL SELECT 'playlist', p.user_id, '', p.id, p.created_at FROM playlists p
		) x JOIN follows f ON f.followee_id = x.user_id AND f.follower_id = ?
		JOIN users u ON u.id = x.user_id
		ORDER BY x.at DESC LIMIT ?`, userID, limit)
	if err != nil {
		return nil, fmt.Errorf("reading feed: %w", err)
	}
	defer rows.Close()
	items := []*musicify.FeedItem{}
	for rows.Next() {
		var it musicify.FeedItem
		var at int64
		if err := rows.Scan(&it.Kind, &it.UserID, &it.Username, &it.SongID, &it.PlaylistID, &at); err != nil {
			return nil, fmt.Errorf("reading feed: %w", err)
		}
		it.At = fromMillis(at)
		items = append(items, &it)
	}
	return items, rows.Err()
}
