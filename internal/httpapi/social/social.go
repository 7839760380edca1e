package social

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

type songRef struct {
	Song string `json:"song"`
}

func (s *API) handleLikeCheck(w http.ResponseWriter, r *http.Request) error {
	var in songRef
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	liked, err := s.Social.Likes(r.Context(), platform.UserOf(r), in.Song)
	if err != nil {
		return err
	}
	answer := "false"
	if liked {
		answer = "true"
	}
	platform.WriteJSON(w, http.StatusOK, platform.Message{Message: answer})
	return nil
}

func (s *API) handleLike(w http.ResponseWriter, r *http.Request) error {
	var in songRef
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Social.Like(r.Context(), platform.UserOf(r), in.Song); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

func (s *API) handleUnlike(w http.ResponseWriter, r *http.Request) error {
	if err := s.Social.Unlike(r.Context(), platform.UserOf(r), r.PathValue("song")); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

func (s *API) handleLikedSongs(w http.ResponseWriter, r *http.Request) error {
	songs, err := s.Social.Store.LikedSongs(r.Context(), platform.UserOf(r).ID)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, views.SongsOf(songs, views.For(r, s.Media)))
	return nil
}

// handleAllUsers lists the other users, without their emails.
func (s *API) handleAllUsers(w http.ResponseWriter, r *http.Request) error {
	users, err := s.Users.Users(r.Context())
	if err != nil {
		return err
	}
	following, err := s.Social.Following(r.Context(), platform.UserOf(r))
	if err != nil {
		return err
	}
	me := platform.UserOf(r)
	others := slices.DeleteFunc(users, func(u *musicify.User) bool { return u.ID == me.ID })
	artists, err := s.Songs.ArtistsByUserIDs(r.Context(), userIDs(others))
	if err != nil {
		return err
	}
	people := views.PeopleOf(others, following, artists)
	platform.WriteJSON(w, http.StatusOK, struct {
		Users []views.Person `json:"users"`
	}{people})
	return nil
}

func (s *API) handleFollow(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ID string `json:"id"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if _, err := s.Social.Follow(r.Context(), platform.UserOf(r), in.ID); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

func (s *API) handleUnfollow(w http.ResponseWriter, r *http.Request) error {
	if err := s.Social.Unfollow(r.Context(), platform.UserOf(r), r.PathValue("id")); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// handleRemoveFollow is DELETE /playlist/deletefollower {id}: the record
// must have the caller on one side.
func (s *API) handleRemoveFollow(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ID string `json:"id"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Social.RemoveFollow(r.Context(), platform.UserOf(r), in.ID); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
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

func (s *API) handleFollowers(w http.ResponseWriter, r *http.Request) error {
	return s.writeFollowers(w, r, platform.UserOf(r).ID)
}

func (s *API) handleFollowings(w http.ResponseWriter, r *http.Request) error {
	return s.writeFollowings(w, r, platform.UserOf(r).ID)
}

// handleFollowersOf is POST /playlist/followers {username}; the length is the count.
func (s *API) handleFollowersOf(w http.ResponseWriter, r *http.Request) error {
	u, err := s.namedUser(w, r)
	if err != nil {
		return err
	}
	return s.writeFollowers(w, r, u.ID)
}

func (s *API) handleFollowingsOf(w http.ResponseWriter, r *http.Request) error {
	u, err := s.namedUser(w, r)
	if err != nil {
		return err
	}
	return s.writeFollowings(w, r, u.ID)
}

// namedUser reads {username} and finds that user.
func (s *API) namedUser(w http.ResponseWriter, r *http.Request) (*musicify.User, error) {
	var in struct {
		Username string `json:"username"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Username) == "" {
		return nil, musicify.Errorf(musicify.EINVALID, "Please say which user (username).")
	}
	return s.Users.UserByUsername(r.Context(), strings.TrimSpace(in.Username))
}

func (s *API) writeFollowers(w http.ResponseWriter, r *http.Request, userID string) error {
	list, err := s.Social.Store.Followers(r.Context(), userID)
	if err != nil {
		return err
	}
	out := make([]followerView, len(list))
	for i, f := range list {
		out[i] = followerView{ID: f.ID, Username: f.Follower, UserID: f.FollowerID, Since: f.Created}
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *API) writeFollowings(w http.ResponseWriter, r *http.Request, userID string) error {
	list, err := s.Social.Store.Followings(r.Context(), userID)
	if err != nil {
		return err
	}
	out := make([]followingView, len(list))
	for i, f := range list {
		out[i] = followingView{ID: f.ID, Username: f.Followee, UserID: f.FolloweeID, Since: f.Created}
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}

// feedView is one event of the 'From people you follow' row.
type feedView struct {
	Kind     string          `json:"kind"`
	User     string          `json:"user"`
	At       time.Time       `json:"at"`
	Song     *views.Song     `json:"song,omitempty"`
	Playlist *views.Playlist `json:"playlist,omitempty"`
}

// feedLimit is how many events the feed shows.
const feedLimit = 30

func (s *API) handleFeed(w http.ResponseWriter, r *http.Request) error {
	me := platform.UserOf(r)
	items, err := s.Social.Store.Feed(r.Context(), me.ID, feedLimit)
	if err != nil {
		return err
	}
	out := []feedView{}
	for _, it := range items {
		v := feedView{Kind: it.Kind, User: it.Username, At: it.At}
		if it.SongID != "" {
			song, err := s.Songs.Song(r.Context(), it.SongID)
			if err != nil {
				continue // deleted since
			}
			sv := views.SongOf(song, views.For(r, s.Media))
			v.Song = &sv
		}
		if it.PlaylistID != "" {
			p, err := s.Playlists.Store.Playlist(r.Context(), it.PlaylistID)
			if err != nil {
				continue
			}
			pv := views.PlaylistOf(p, me)
			v.Playlist = &pv
		}
		out = append(out, v)
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}

func userIDs(users []*musicify.User) []string {
	ids := make([]string, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	return ids
}
