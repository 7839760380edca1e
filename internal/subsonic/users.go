package subsonic

import (
	"bytes"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/musicify"
)

// getUsers lists every account, for admins only, as in Subsonic.
func (s *Server) getUsers(_ http.ResponseWriter, q *request) (*response, error) {
	if !q.user.Admin {
		return nil, &apiError{Code: errNotAuthorized, Message: "Only an admin can list the accounts."}
	}
	list := []*musicify.User{q.user}
	if s.Users != nil {
		var err error
		if list, err = s.Users.Users(q.ctx()); err != nil {
			return nil, err
		}
	}
	out := &users{User: []user{}}
	for _, u := range list {
		out.User = append(out.User, s.userOf(u))
	}
	res := s.newResponse()
	res.Users = out
	return res, nil
}

// avatarSize is the side of the avatars sent, in pixels.
const avatarSize = 160

// avatars holds the PNG of each username drawn so far.
var avatars sync.Map

// getAvatar sends the user's picture: the one they chose (their artist
// cover, a stored JPEG), else the one the web app draws: the name's first
// letter on a disc in colours drawn from the name (avatar.go).
func (s *Server) getAvatar(w http.ResponseWriter, q *request) (*response, error) {
	name, err := q.required("username")
	if err != nil {
		return nil, err
	}
	u := q.user
	if !strings.EqualFold(name, q.user.Username) {
		if s.Users == nil {
			return nil, notFound("There is no user " + name + ".")
		}
		if u, err = s.Users.UserByUsername(q.ctx(), name); err != nil {
			return nil, err
		}
	}
	if u.PictureKey != "" {
		s.serveBlob(w, q, covers.File(u.PictureKey, avatarSize), "image/jpeg", `"`+u.PictureKey+`-avatar"`)
		return nil, nil
	}
	name = u.Username
	cached, ok := avatars.Load(name)
	if !ok {
		var b bytes.Buffer
		if err := png.Encode(&b, avatarImage(name, avatarSize)); err != nil {
			return nil, err
		}
		cached, _ = avatars.LoadOrStore(name, b.Bytes())
	}
	body := cached.([]byte)
	if delivery.Refuse(w, q.r, int64(len(body))) {
		return nil, nil
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=86400")
	http.ServeContent(w, q.r, "", time.Time{}, bytes.NewReader(body))
	return nil, nil
}

// getShares lists nothing: a Musicify share is a public link made from a
// song's or playlist's id whenever someone shares it (the web app's Share
// button), not a stored record, so there is no list of them to show.
func (s *Server) getShares(_ http.ResponseWriter, q *request) (*response, error) {
	res := s.newResponse()
	res.Shares = &shares{Share: []share{}}
	return res, nil
}

// createShare gives the public link of one song or playlist, the same the
// web app's Share button copies. It never expires and is not stored, so
// description and expires are not kept.
func (s *Server) createShare(_ http.ResponseWriter, q *request) (*response, error) {
	ids := q.all("id")
	if len(ids) == 0 {
		return nil, missing("id")
	}
	if len(ids) > 1 {
		return nil, &apiError{Code: errGeneric, Message: "A Musicify share link is for one song or one playlist: send one id."}
	}
	id := ids[0]
	if strings.HasPrefix(id, albumPrefix) || strings.HasPrefix(id, artistPrefix) {
		return nil, &apiError{Code: errGeneric, Message: "Musicify shares songs and playlists: share a song of this album, or put its songs in a playlist and share that."}
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	kind, name := "song", ""
	var list []*musicify.Song
	if p, perr := s.Playlists.Store.Playlist(q.ctx(), bareID(id, playlistPrefix)); perr == nil {
		// Every playlist is readable by its id (getPlaylist), so anyone may share one.
		kind, name, id = "playlist", p.Name, p.ID
		if list, err = s.Playlists.Songs(q.ctx(), p); err != nil {
			return nil, err
		}
	} else if musicify.ErrorCode(perr) != musicify.ENOTFOUND {
		return nil, perr
	} else {
		song, err := s.song(q, id)
		if err != nil {
			return nil, notFound("There is no song or playlist " + id + " to share.")
		}
		name, list = song.Name, []*musicify.Song{song}
	}
	link := s.absolute("/share?" + url.Values{"id": {id}, "type": {kind}}.Encode())
	res := s.newResponse()
	res.Shares = &shares{Share: []share{{ID: id, URL: link, Description: name, Username: q.user.Username,
		Created: stamp(s.now()), Entry: songChildren(list, a)}}}
	return res, nil
}

// tokenInfo says whose the API key is, so an app given only a key can
// show who it is signed in as (apiKeyAuthentication); a wrong key never
// gets here (error 44).
func (s *Server) tokenInfo(_ http.ResponseWriter, q *request) (*response, error) {
	res := s.newResponse()
	res.TokenInfo = &tokenInfo{Username: q.user.Username}
	return res, nil
}
