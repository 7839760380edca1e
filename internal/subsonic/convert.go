package subsonic

import (
	"context"
	"fmt"
	"maps"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

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
	// averages are everyone's average ratings and played the caller's
	// last listen, of the songs marked so far (markSongs).
	averages map[string]float64
	played   map[string]time.Time
	marked   map[string]bool
	// loadMarks reads them for songs about to be shown; nil without a
	// store that keeps them.
	loadMarks func(ids []string) (map[string]float64, map[string]time.Time)
	// albumDetails reads the tags of albums about to be shown; nil
	// without a store that keeps them.
	albumDetails func(ids []string) map[string]musicify.AlbumDetails
}

// songMarks is what a store may know of songs beyond the caller's stars
// and ratings (sqlstore.DB does): kept apart from musicify.SubsonicStore,
// which the Subsonic endpoints own, so a store without it still serves.
type songMarks interface {
	SongMarks(ctx context.Context, userID string, ids []string) (map[string]float64, map[string]time.Time, error)
	AlbumDetails(ctx context.Context, albumIDs []string) (map[string]musicify.AlbumDetails, error)
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
	if m, ok := s.Store.(songMarks); ok {
		a.loadMarks = func(ids []string) (map[string]float64, map[string]time.Time) {
			averages, played, err := m.SongMarks(q.ctx(), q.user.ID, ids)
			if err != nil { // the songs still show, without these marks
				s.Logger.Warn("reading song marks", "err", err)
			}
			return averages, played
		}
		a.albumDetails = func(ids []string) map[string]musicify.AlbumDetails {
			details, err := m.AlbumDetails(q.ctx(), ids)
			if err != nil { // the albums still show, without their release tags
				s.Logger.Warn("reading album details", "err", err)
			}
			return details
		}
	}
	q.ann = a
	return a, nil
}

// markSongs reads the marks of those songs not read yet: a list's at
// once, before its songs are shown.
func (a *annotations) markSongs(songs ...*musicify.Song) {
	if a.loadMarks == nil {
		return
	}
	var ids []string
	for _, s := range songs {
		if s != nil && !a.marked[s.ID] {
			ids = append(ids, s.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	if a.marked == nil {
		a.marked, a.averages, a.played = map[string]bool{}, map[string]float64{}, map[string]time.Time{}
	}
	averages, played := a.loadMarks(ids)
	for _, id := range ids {
		a.marked[id] = true
	}
	maps.Copy(a.averages, averages)
	maps.Copy(a.played, played)
}

func (a *annotations) star(kind, id string) *stamp {
	if t, ok := a.starred[kind+":"+id]; ok {
		return stampOf(t)
	}
	return nil
}

// strs is a list as the API shows it: [] rather than null.
func strs(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

// dateOf reads "2004", "2004-05" or "2004-05-01" into an ItemDate.
func dateOf(s string) *itemDate {
	if s == "" {
		return nil
	}
	var d itemDate
	parts := strings.Split(s, "-")
	d.Year, _ = strconv.Atoi(parts[0])
	if len(parts) > 1 {
		d.Month, _ = strconv.Atoi(parts[1])
	}
	if len(parts) > 2 {
		d.Day, _ = strconv.Atoi(parts[2])
	}
	return &d
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
	withDetails(&c, s, a)
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
	a.markSongs(list...)
	out := make([]child, 0, len(list))
	for _, s := range list {
		if s != nil && !s.Missing {
			out = append(out, songChild(s, a))
		}
	}
	return out
}

// withDetails adds the stream's properties, the tags players show and the
// caller's and everyone's marks.
func withDetails(c *child, s *musicify.Song, a *annotations) {
	a.markSongs(s)
	d := s.Details
	c.SamplingRate, c.BitDepth, c.ChannelCount = d.SampleRate, d.BitDepth, d.Channels
	c.BPM, c.Comment, c.SortName, c.ExplicitStatus = s.BPM(), d.Comment, d.TitleSort, d.Explicit
	isrc, moods := strs(d.ISRC), strs(d.Moods)
	c.ISRC, c.Moods = &isrc, &moods
	c.AverageRating, c.Played = math.Round(a.averages[s.ID]*100)/100, stampOf(a.played[s.ID])
}

// withAlbumDetails adds what an album's songs' tags say of it.
func withAlbumDetails(out *albumID3, d musicify.AlbumDetails) {
	out.SortName, out.ExplicitStatus = d.Sort, d.Explicit
	out.ReleaseDate, out.OriginalReleaseDate = dateOf(d.ReleaseDate), dateOf(d.OriginalDate)
	out.ReleaseTypes, out.Moods = strs(d.ReleaseTypes), strs(d.Moods)
	out.RecordLabels = make([]recordLabel, 0, len(d.Labels))
	for _, l := range d.Labels {
		out.RecordLabels = append(out.RecordLabels, recordLabel{Name: l})
	}
	out.DiscTitles = make([]discTitle, 0, len(d.DiscTitles))
	for _, disc := range slices.Sorted(maps.Keys(d.DiscTitles)) {
		out.DiscTitles = append(out.DiscTitles, discTitle{Disc: disc, Title: d.DiscTitles[disc]})
	}
}

func albumOf(al *musicify.Album, a *annotations) albumID3 {
	var details map[string]musicify.AlbumDetails
	if a.albumDetails != nil {
		details = a.albumDetails([]string{al.ID})
	}
	return albumWith(al, a, details[al.ID])
}

func albumWith(al *musicify.Album, a *annotations, d musicify.AlbumDetails) albumID3 {
	out := albumID3{
		ID: albumID(al.ID), Name: al.Name, Artist: al.Artist, ArtistID: artistID(al.ArtistID), CoverArt: albumID(al.ID),
		SongCount: al.Songs, Duration: seconds(al.Duration), PlayCount: al.Plays, Created: stamp(al.Created),
		Starred: a.star(musicify.StarAlbum, al.ID), Year: al.Year, Genre: al.Genre, UserRating: a.ratings[al.ID],
		MusicBrainzID: al.MBID, DisplayArtist: al.Artist, IsCompilation: al.Compilation, Genres: genresOf(al.Genre),
		Artists: []idName{{ID: artistID(al.ArtistID), Name: al.Artist}},
	}
	withAlbumDetails(&out, d)
	return out
}

// albumsOf reads the tags of a page of albums at once.
func albumsOf(list []*musicify.Album, a *annotations) []albumID3 {
	var details map[string]musicify.AlbumDetails
	if a.albumDetails != nil && len(list) > 0 {
		ids := make([]string, len(list))
		for i, al := range list {
			ids[i] = al.ID
		}
		details = a.albumDetails(ids)
	}
	out := make([]albumID3, 0, len(list))
	for _, al := range list {
		out = append(out, albumWith(al, a, details[al.ID]))
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
