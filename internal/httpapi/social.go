package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

type songRef struct {
	Song string `json:"song"`
}

func (s *Server) handleLikeCheck(w http.ResponseWriter, r *http.Request) {
	var in songRef
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	liked, err := s.Social.Likes(r.Context(), userOf(r), in.Song)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	answer := "false"
	if liked {
		answer = "true"
	}
	writeJSON(w, http.StatusOK, message{answer})
}

func (s *Server) handleLike(w http.ResponseWriter, r *http.Request) {
	var in songRef
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.Social.Like(r.Context(), userOf(r), in.Song); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success)
}

func (s *Server) handleUnlike(w http.ResponseWriter, r *http.Request) {
	if err := s.Social.Unlike(r.Context(), userOf(r), r.PathValue("song")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success)
}

func (s *Server) handleLikedSongs(w http.ResponseWriter, r *http.Request) {
	songs, err := s.Social.Store.LikedSongs(r.Context(), userOf(r).ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, songsOf(songs, s.viewerOf(r)))
}

// personView is another user in lists: name, and whether the caller follows them.
type personView struct {
	ID        string `json:"_id"`
	Username  string `json:"username"`
	Following bool   `json:"following"`
}

// handleAllUsers lists the other users, without their emails.
func (s *Server) handleAllUsers(w http.ResponseWriter, r *http.Request) {
	users, err := s.Users.Users(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	following, err := s.Social.Following(r.Context(), userOf(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	me := userOf(r)
	views := []personView{}
	for _, u := range users {
		if u.ID != me.ID {
			views = append(views, personView{ID: u.ID, Username: u.Username, Following: following[u.ID]})
		}
	}
	writeJSON(w, http.StatusOK, struct {
		Users []personView `json:"users"`
	}{views})
}

func (s *Server) handleFollow(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ID string `json:"id"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if _, err := s.Social.Follow(r.Context(), userOf(r), in.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success)
}

func (s *Server) handleUnfollow(w http.ResponseWriter, r *http.Request) {
	if err := s.Social.Unfollow(r.Context(), userOf(r), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success)
}

// handleRemoveFollow is DELETE /playlist/deletefollower {id}: the record
// must have the caller on one side.
func (s *Server) handleRemoveFollow(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ID string `json:"id"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.Social.RemoveFollow(r.Context(), userOf(r), in.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, success)
}

// followerView and followingView keep the original client's field names.
type followerView struct {
	ID       string    `json:"_id"`
	Username string    `json:"followerusername"`
	UserID   string    `json:"userId"`
	Since    time.Time `json:"since"`
}

type followingView struct {
	ID       string    `json:"_id"`
	Username string    `json:"followingusername"`
	UserID   string    `json:"userId"`
	Since    time.Time `json:"since"`
}

func (s *Server) handleFollowers(w http.ResponseWriter, r *http.Request) {
	s.writeFollowers(w, r, userOf(r).ID)
}

func (s *Server) handleFollowings(w http.ResponseWriter, r *http.Request) {
	s.writeFollowings(w, r, userOf(r).ID)
}

// handleFollowersOf is POST /playlist/followers {username}; the length is the count.
func (s *Server) handleFollowersOf(w http.ResponseWriter, r *http.Request) {
	if u := s.namedUser(w, r); u != nil {
		s.writeFollowers(w, r, u.ID)
	}
}

func (s *Server) handleFollowingsOf(w http.ResponseWriter, r *http.Request) {
	if u := s.namedUser(w, r); u != nil {
		s.writeFollowings(w, r, u.ID)
	}
}

// namedUser reads {username} and finds that user, answering the errors itself.
func (s *Server) namedUser(w http.ResponseWriter, r *http.Request) *musicify.User {
	var in credentials
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return nil
	}
	if strings.TrimSpace(in.Username) == "" {
		s.writeError(w, r, musicify.Errorf(musicify.EINVALID, "Please say which user (username)."))
		return nil
	}
	u, err := s.Users.UserByUsername(r.Context(), strings.TrimSpace(in.Username))
	if err != nil {
		s.writeError(w, r, err)
		return nil
	}
	return u
}

func (s *Server) writeFollowers(w http.ResponseWriter, r *http.Request, userID string) {
	list, err := s.Social.Store.Followers(r.Context(), userID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]followerView, len(list))
	for i, f := range list {
		out[i] = followerView{ID: f.ID, Username: f.Follower, UserID: f.FollowerID, Since: f.Created}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) writeFollowings(w http.ResponseWriter, r *http.Request, userID string) {
	list, err := s.Social.Store.Followings(r.Context(), userID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]followingView, len(list))
	for i, f := range list {
		out[i] = followingView{ID: f.ID, Username: f.Followee, UserID: f.FolloweeID, Since: f.Created}
	}
	writeJSON(w, http.StatusOK, out)
}

// feedView is one event of the 'From people you follow' row.
type feedView struct {
	Kind     string        `json:"kind"`
	User     string        `json:"user"`
	At       time.Time     `json:"at"`
	Song     *songView     `json:"song,omitempty"`
	Playlist *playlistView `json:"playlist,omitempty"`
}

// feedLimit is how many events the feed shows.
const feedLimit = 30

func (s *Server) handleFeed(w http.ResponseWriter, r *http.Request) {
	me := userOf(r)
	items, err := s.Social.Store.Feed(r.Context(), me.ID, feedLimit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := []feedView{}
	for _, it := range items {
		v := feedView{Kind: it.Kind, User: it.Username, At: it.At}
		if it.SongID != "" {
			song, err := s.Songs.Song(r.Context(), it.SongID)
			if err != nil {
				continue // deleted since
			}
			sv := songOf(song, s.viewerOf(r))
			v.Song = &sv
		}
		if it.PlaylistID != "" {
			p, err := s.Playlists.Store.Playlist(r.Context(), it.PlaylistID)
			if err != nil {
				continue
			}
			pv := playlistOf(p, me)
			v.Playlist = &pv
		}
		out = append(out, v)
	}
	writeJSON(w, http.StatusOK, out)
}
