package subsonic

import (
	"fmt"
	"math"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// Id prefixes of albums, artists and playlist covers.
const (
	albumPrefix    = "al-"
	artistPrefix   = "ar-"
	playlistPrefix = "pl-"
)

func albumID(id string) string  { return albumPrefix + id }
func artistID(id string) string { return artistPrefix + id }

// bareID drops prefix from an id that has it.
func bareID(id, prefix string) string { return strings.TrimPrefix(id, prefix) }

// annotations are the caller's stars and ratings.
type annotations struct {
	starred map[string]time.Time // by kind + ":" + id
	ratings map[string]int
	stars   []musicify.Star // latest first
}

// annotations reads the caller's stars and ratings once per call: two
// small queries, whatever the answer holds.
func (s *Server) annotations(q *request) (*annotations, error) {
	if q.ann != nil {
		return q.ann, nil
	}
	a := &annotations{starred: map[string]time.Time{}, ratings: map[string]int{}}
	if s.Store != nil {
		stars, err := s.Store.Stars(q.ctx(), q.user.ID)
		if err != nil {
			return nil, err
		}
		for _, st := range stars {
			a.starred[st.Kind+":"+st.ItemID] = st.At
		}
		a.stars = stars
		if a.ratings, err = s.Store.Ratings(q.ctx(), q.user.ID); err != nil {
			return nil, err
		}
	}
	q.ann = a
	return a, nil
}

func (a *annotations) star(kind, id string) *stamp {
	if t, ok := a.starred[kind+":"+id]; ok {
		return stampOf(t)
	}
	return nil
}

func genresOf(g string) []itemGenre {
	if g == "" {
		return []itemGenre{}
	}
	return []itemGenre{{Name: g}}
}

// albumName is the album a song shows: a single's album is named after it.
func albumName(s *musicify.Song) string {
	if s.Album != "" {
		return s.Album
	}
	return s.Name
}

// songPath is a plausible path for apps that show or sort by it: the
// file's path in its library folder, else Artist/Album/NN Title.ext.
func songPath(s *musicify.Song) string {
	if _, p, ok := strings.Cut(s.LibraryPath, "/"); ok && p != "" {
		return p
	}
	clean := func(v string) string {
		return strings.Map(func(r rune) rune {
			if r == '/' || r == '\\' || r < 0x20 {
				return '_'
			}
			return r
		}, v)
	}
	name := clean(s.Name) + "." + media.Ext(s.Format)
	if s.Track > 0 {
		name = fmt.Sprintf("%02d %s", s.Track, name)
	}
	return path.Join(clean(s.Artist), clean(albumName(s)), name)
}

func seconds(d float64) int { return int(math.Round(d)) }

// songChild is a song as the API shows it.
func songChild(s *musicify.Song, a *annotations) child {
	c := child{
		ID: s.ID, Title: s.Name, Album: albumName(s), Artist: s.Artist, Track: s.Track, Year: s.Year,
		Genre: s.Genre, CoverArt: s.ID, Size: s.Size, ContentType: media.MIME(s.Format), Suffix: media.Ext(s.Format),
		Duration: seconds(s.Duration), BitRate: s.Bitrate / 1000, Path: songPath(s), UserRating: a.ratings[s.ID],
		PlayCount: s.Count, DiscNumber: s.Disc, Created: stampOf(s.Created), Starred: a.star(musicify.StarSong, s.ID),
		Type: "music", MediaType: "song", MusicBrainzID: s.MBID, DisplayArtist: s.Artist,
		Genres: genresOf(s.Genre), Artists: []idName{},
		ReplayGain: &replayGain{TrackGain: s.ReplayGainTrack, AlbumGain: s.ReplayGainAlbum},
	}
	if s.AlbumID != "" {
		c.Parent, c.AlbumID = albumID(s.AlbumID), albumID(s.AlbumID)
	}
	songCredits(&c, s)
	return c
}

// songCredits shows each artist of a song under its own id and name: the
// artist attribute stays the tagged "A feat. B", artistId is A's.
func songCredits(c *child, s *musicify.Song) {
	for _, a := range s.Performers() {
		c.Artists = append(c.Artists, idName{ID: artistID(a.ID), Name: a.Name})
	}
	if len(c.Artists) > 0 {
		c.ArtistID = c.Artists[0].ID
	}
	var albumArtists, composers []string
	for _, a := range s.Artists {
		switch {
		case a.Performs():
		case a.Role == musicify.RoleAlbumArtist:
			c.AlbumArtists = append(c.AlbumArtists, idName{ID: artistID(a.ID), Name: a.Name})
			albumArtists = append(albumArtists, a.Name)
		default:
			c.Contributors = append(c.Contributors, contributor{Role: a.Role, SubRole: a.SubRole,
				Artist: idName{ID: artistID(a.ID), Name: a.Name}})
			if a.Role == musicify.RoleComposer {
				composers = append(composers, a.Name)
			}
		}
	}
	c.DisplayAlbumArtist = strings.Join(albumArtists, " & ")
	c.DisplayComposer = strings.Join(composers, " & ")
}

// songChildren shows songs, leaving out those whose file went missing.
func songChildren(list []*musicify.Song, a *annotations) []child {
	out := make([]child, 0, len(list))
	for _, s := range list {
		if s != nil && !s.Missing {
			out = append(out, songChild(s, a))
		}
	}
	return out
}

func albumOf(al *musicify.Album, a *annotations) albumID3 {
	out := albumID3{
		ID: albumID(al.ID), Name: al.Name, Artist: al.Artist, ArtistID: artistID(al.ArtistID), CoverArt: albumID(al.ID),
		SongCount: al.Songs, Duration: seconds(al.Duration), PlayCount: al.Plays, Created: stamp(al.Created),
		Starred: a.star(musicify.StarAlbum, al.ID), Year: al.Year, Genre: al.Genre, UserRating: a.ratings[al.ID],
		MusicBrainzID: al.MBID, DisplayArtist: al.Artist, IsCompilation: al.Compilation, Genres: genresOf(al.Genre),
		Artists: []idName{{ID: artistID(al.ArtistID), Name: al.Artist}},
	}
	return out
}

func albumsOf(list []*musicify.Album, a *annotations) []albumID3 {
	out := make([]albumID3, 0, len(list))
	for _, al := range list {
		out = append(out, albumOf(al, a))
	}
	return out
}

// albumDir is an album as a directory, for the folder-style calls.
func albumDir(al *musicify.Album, a *annotations) child {
	return child{
		ID: albumID(al.ID), Parent: artistID(al.ArtistID), IsDir: true, Title: al.Name, Album: al.Name, Artist: al.Artist,
		Year: al.Year, Genre: al.Genre, CoverArt: albumID(al.ID), Duration: seconds(al.Duration), PlayCount: al.Plays,
		Created: stampOf(al.Created), Starred: a.star(musicify.StarAlbum, al.ID), UserRating: a.ratings[al.ID],
		AlbumID: albumID(al.ID), ArtistID: artistID(al.ArtistID), MediaType: "album", MusicBrainzID: al.MBID,
		DisplayArtist: al.Artist, Genres: genresOf(al.Genre), Artists: []idName{{ID: artistID(al.ArtistID), Name: al.Artist}},
	}
}

func albumDirs(list []*musicify.Album, a *annotations) []child {
	out := make([]child, 0, len(list))
	for _, al := range list {
		out = append(out, albumDir(al, a))
	}
	return out
}

func artistOf(ar *musicify.Artist, a *annotations) artistID3 {
	return artistID3{ID: artistID(ar.ID), Name: ar.Name, SortName: ar.SortName, CoverArt: artistID(ar.ID), AlbumCount: ar.Albums,
		Starred: a.star(musicify.StarArtist, ar.ID), UserRating: a.ratings[ar.ID], MusicBrainzID: ar.MBID}
}

func folderArtist(ar *musicify.Artist, a *annotations) artist {
	return artist{ID: artistID(ar.ID), Name: ar.Name, Starred: a.star(musicify.StarArtist, ar.ID), UserRating: a.ratings[ar.ID]}
}

// indexLetter groups artists: A to Z by their first letter, the rest under #.
func indexLetter(name string) string {
	if r, _ := utf8.DecodeRuneInString(strings.ToUpper(name)); r >= 'A' && r <= 'Z' {
		return string(r)
	}
	return "#"
}
