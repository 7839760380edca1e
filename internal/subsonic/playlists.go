package subsonic

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

func (s *Server) playlistOf(p *musicify.Playlist, list []*musicify.Song, a *annotations, withSongs bool) playlist {
	entries := songChildren(list, a)
	out := playlist{ID: p.ID, Name: p.Name, Comment: p.Description, Owner: p.Owner, SongCount: len(entries),
		Created: stamp(p.Created), Changed: stamp(p.Created), CoverArt: playlistPrefix + p.ID}
	for _, e := range entries {
		out.Duration += e.Duration
	}
	if p.Rules != nil {
		out.Readonly = true
		if out.Comment == "" {
			out.Comment = "Smart playlist: its songs follow its rules. Edit them in Musicify."
		}
	}
	if withSongs {
		out.Entry = entries
	}
	return out
}

// getPlaylists lists the caller's own playlists; others' are reached by id.
func (s *Server) getPlaylists(_ http.ResponseWriter, q *request) (*response, error) {
	if u := q.str("username"); u != "" && u != q.user.Username {
		return nil, &apiError{Code: errNotAuthorized, Message: "You can only list your own playlists."}
	}
	list, err := s.Playlists.Mine(q.ctx(), q.user)
	if err != nil {
		return nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	out := &playlistList{}
	for _, p := range list {
		songs, err := s.Playlists.Songs(q.ctx(), p)
		if err != nil {
			return nil, err
		}
		out.Playlist = append(out.Playlist, s.playlistOf(p, songs, a, false))
	}
	made, err := s.mixPlaylists(q, a, "")
	if err != nil {
		return nil, err
	}
	out.Playlist = append(out.Playlist, made...)
	res := s.newResponse()
	res.Playlists = out
	return res, nil
}

func (s *Server) playlistResponse(q *request, id string) (*response, error) {
	if strings.HasPrefix(id, mixPrefix) {
		return s.mixResponse(q, id)
	}
	p, err := s.Playlists.Store.Playlist(q.ctx(), id)
	if err != nil {
		return nil, err
	}
	if p, err = s.Playlists.Fill(q.ctx(), p); err != nil {
		return nil, err
	}
	list, err := s.Playlists.Songs(q.ctx(), p)
	if err != nil {
		return nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	out := s.playlistOf(p, list, a, true)
	res := s.newResponse()
	res.Playlist = &out
	return res, nil
}

func (s *Server) getPlaylist(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	return s.playlistResponse(q, id)
}

// owned finds a playlist the caller may change: only its owner may, and
// a smart playlist is read-only here (its rules are edited in the web app).
func (s *Server) owned(q *request, id string) (*musicify.Playlist, error) {
	if strings.HasPrefix(id, mixPrefix) {
		return nil, &apiError{Code: errNotAuthorized, Message: "This is a mix made for you from what you play, so it is read-only. Keep it as a playlist in Musicify's web app to change it."}
	}
	p, err := s.Playlists.Store.Playlist(q.ctx(), id)
	if err != nil {
		return nil, err
	}
	if p.UserID != q.user.ID {
		return nil, &apiError{Code: errNotAuthorized, Message: "Only " + p.Owner + " can change this playlist."}
	}
	if p.Rules != nil {
		return nil, &apiError{Code: errNotAuthorized, Message: "“" + p.Name + "” is a smart playlist: its songs follow its rules, so it is read-only here. Change or delete it in Musicify's web app."}
	}
	return p, nil
}

// addSongs appends songs; one already there stays where it is (a playlist
// holds a song once).
func (s *Server) addSongs(q *request, p *musicify.Playlist, ids []string) error {
	for _, id := range ids {
		if _, err := s.Playlists.Add(q.ctx(), q.user, p.ID, id); err != nil && musicify.ErrorCode(err) != musicify.ECONFLICT {
			return err
		}
	}
	return nil
}

// edit is the name and comment a request gives: a name when not empty, a
// comment whenever the parameter is there, so comment= clears it.
func (q *request) edit() musicify.PlaylistEdit {
	var e musicify.PlaylistEdit
	if name := q.str("name"); name != "" {
		e.Name = &name
	}
	if q.params.Has("comment") {
		comment := q.str("comment")
		e.Description = &comment
	}
	return e
}

// createPlaylist makes a playlist of the songs given, or with playlistId
// replaces the songs of one the caller owns. comment, an extension some
// apps send, is kept as the playlist's description.
func (s *Server) createPlaylist(_ http.ResponseWriter, q *request) (*response, error) {
	id, name, songIDs := q.str("playlistId"), q.str("name"), q.all("songId")
	var p *musicify.Playlist
	var err error
	if id != "" {
		if p, err = s.owned(q, id); err != nil {
			return nil, err
		}
		if e := q.edit(); e.Name != nil || e.Description != nil {
			if p, err = s.Playlists.Update(q.ctx(), q.user, p.ID, e); err != nil {
				return nil, err
			}
		}
		old, err := s.Playlists.Songs(q.ctx(), p)
		if err != nil {
			return nil, err
		}
		for _, song := range old {
			if err := s.Playlists.Remove(q.ctx(), q.user, p.ID, song.ID); err != nil {
				return nil, err
			}
		}
	} else {
		if name == "" {
			return nil, missing("name or playlistId")
		}
		if p, err = s.Playlists.Create(q.ctx(), q.user, name, q.str("comment")); err != nil {
			return nil, err
		}
	}
	if err := s.addSongs(q, p, songIDs); err != nil {
		return nil, err
	}
	return s.playlistResponse(q, p.ID)
}

// updatePlaylist renames, sets the comment (the description), removes
// songs by their index (in the playlist as it was) and appends songs.
// Public flags are not kept: every playlist can be read by id.
func (s *Server) updatePlaylist(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("playlistId")
	if err != nil {
		return nil, err
	}
	p, err := s.owned(q, id)
	if err != nil {
		return nil, err
	}
	if e := q.edit(); e.Name != nil || e.Description != nil {
		if _, err := s.Playlists.Update(q.ctx(), q.user, p.ID, e); err != nil {
			return nil, err
		}
	}
	if remove := q.all("songIndexToRemove"); len(remove) > 0 {
		all, err := s.Playlists.Songs(q.ctx(), p)
		if err != nil {
			return nil, err
		}
		var list []*musicify.Song // as getPlaylist showed it: without missing files
		for _, song := range all {
			if !song.Missing {
				list = append(list, song)
			}
		}
		var idx []int
		for _, v := range remove {
			i, err := strconv.Atoi(v)
			if err != nil || i < 0 || i >= len(list) {
				return nil, &apiError{Code: errGeneric, Message: "songIndexToRemove " + v + " is not a position in this playlist (0 to " + strconv.Itoa(len(list)-1) + ")."}
			}
			idx = append(idx, i)
		}
		sort.Ints(idx)
		for k, i := range idx {
			if k > 0 && idx[k-1] == i {
				continue
			}
			if err := s.Playlists.Remove(q.ctx(), q.user, p.ID, list[i].ID); err != nil {
				return nil, err
			}
		}
	}
	if err := s.addSongs(q, p, q.all("songIdToAdd")); err != nil {
		return nil, err
	}
	return s.newResponse(), nil
}

func (s *Server) deletePlaylist(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	p, err := s.owned(q, id)
	if err != nil {
		return nil, err
	}
	if err := s.Playlists.Delete(q.ctx(), q.user, p.ID); err != nil {
		return nil, err
	}
	return s.newResponse(), nil
}
