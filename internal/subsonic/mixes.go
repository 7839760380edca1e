package subsonic

import (
	"strings"

	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/musicify"
)

// mixPrefix starts the playlist id of a mix ("mix-on-repeat"): apps list
// the mixes made for the caller among their playlists, read-only.
const mixPrefix = "mix-"

// mixPlaylists are the caller's mixes that hold songs, as playlists: all
// of them, or only the one of kind.
func (s *Server) mixPlaylists(q *request, a *annotations, kind string) ([]playlist, error) {
	if s.Mixes == nil {
		return nil, nil
	}
	var out []playlist
	for _, k := range mixes.Kinds {
		if kind != "" && k != kind {
			continue
		}
		m, err := s.Mixes.Mix(q.ctx(), q.user, k)
		if err != nil {
			return nil, err
		}
		songs, err := s.Songs.SongsByIDs(q.ctx(), m.Songs)
		if err != nil {
			return nil, err
		}
		if len(songs) == 0 && kind == "" {
			continue
		}
		title := mixes.Titles[k]
		p := &musicify.Playlist{ID: mixPrefix + k, Name: title.Name, Description: title.Description,
			UserID: q.user.ID, Owner: q.user.Username, Created: m.Created}
		pl := s.playlistOf(p, songs, a, kind != "")
		pl.Readonly, pl.CoverArt = true, ""
		if len(songs) > 0 {
			pl.CoverArt = songs[0].ID // a mix has no cover of its own: its first song's
		}
		out = append(out, pl)
	}
	return out, nil
}

// mixResponse is getPlaylist for a mix's id.
func (s *Server) mixResponse(q *request, id string) (*response, error) {
	kind := strings.TrimPrefix(id, mixPrefix)
	if _, ok := mixes.Titles[kind]; !ok || s.Mixes == nil {
		return nil, notFound("There is no mix " + id + ".")
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	list, err := s.mixPlaylists(q, a, kind)
	if err != nil {
		return nil, err
	}
	res := s.newResponse()
	res.Playlist = &list[0]
	return res, nil
}
