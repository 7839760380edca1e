// Package views is how the API shows the catalog and people to a caller:
// the JSON shapes every area answers with, and the media links signed for
// the caller's session.
package views

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// DefaultCover is the image the web app ships for songs without a cover.
const DefaultCover = "/default-cover.svg"

// Song is a song as the API shows it (docs/api.md, "Songs and artists").
type Song struct {
	ID         string    `json:"_id"`
	Song       string    `json:"song"`
	Artist     string    `json:"artist"`
	Audio      string    `json:"audio"`
	Download   string    `json:"download"`
	Cover      string    `json:"cover"`
	CoverSmall string    `json:"coverSmall"`
	Count      int64     `json:"count"`
	Duration   float64   `json:"duration"`
	Format     string    `json:"format"`
	Text       string    `json:"text"`
	Transcript string    `json:"transcript"`
	Loudness   *float64  `json:"loudness"`
	CreatedAt  time.Time `json:"createdAt"`
	Mine       bool      `json:"mine"`
	// Where the song belongs: its album and artist pages, its uploader's
	// profile ("" for the library's songs).
	ArtistID string `json:"artistId"`
	AlbumID  string `json:"albumId"`
	Album    string `json:"album"`
	Track    int    `json:"track"`
	Disc     int    `json:"disc"`
	Year     int    `json:"year"`
	Genre    string `json:"genre"`
	Uploader string `json:"uploader"`
	Missing  bool   `json:"missing"`
	// The audio stream of the original, 0 when unknown: bits per second,
	// Hz, bits per sample (lossless files only) and channels; and the
	// tempo, the file's BPM tag else the one measured.
	Bitrate    int `json:"bitrate"`
	SampleRate int `json:"sampleRate"`
	BitDepth   int `json:"bitDepth"`
	Channels   int `json:"channels"`
	BPM        int `json:"bpm"`
	// Artists are the song's main and featured artists, each with the id
	// of their page: "A feat. B" links to A and to B.
	Artists []SongArtist `json:"artists"`
}

// SongArtist is one artist of a song: role "artist" (main) or "featured".
type SongArtist struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Role string `json:"role"`
}

// SongOf is s as v sees it: Mine and the media links are v's.
func SongOf(s *musicify.Song, v *Viewer) Song {
	large, small := CoverURLs(s.CoverKey)
	return Song{
		ID: s.ID, Song: s.Name, Artist: s.Artist, Audio: AudioURL(s, v),
		Download: v.Link(s.AudioKey, s.Name+"."+media.Ext(s.Format), "/media/songs/"+s.ID+"/download"),
		Cover:    large, CoverSmall: small,
		Count: s.Count, Duration: s.Duration, Format: s.Format, Text: s.Text, Transcript: s.Transcript, Loudness: s.PlaybackLoudness(),
		CreatedAt: s.Created, Mine: v.Is(s.UserID),
		ArtistID: s.ArtistID, AlbumID: s.AlbumID, Album: s.Album, Track: s.Track, Disc: s.Disc, Year: s.Year,
		Genre: s.Genre, Uploader: s.Uploader, Missing: s.Missing, Artists: songArtists(s),
		Bitrate: s.Bitrate, SampleRate: s.Details.SampleRate, BitDepth: s.Details.BitDepth, Channels: s.Details.Channels,
		BPM: s.BPM(),
	}
}

func songArtists(s *musicify.Song) []SongArtist {
	out := []SongArtist{}
	for _, a := range s.Performers() {
		out = append(out, SongArtist{ID: a.ID, Name: a.Name, Role: a.Role})
	}
	return out
}

// AudioURL is where the web app plays s: the original whenever browsers
// play its format, else its rendition, made on first request. A lighter
// quality the listener chose is the player's to ask for (the rendition
// URL with its kbps).
func AudioURL(s *musicify.Song, v *Viewer) string {
	if !media.BrowserPlays(s.Format, s.Bitrate) {
		return RenditionURL(s.ID, DefaultQuality)
	}
	return v.Link(s.AudioKey, "", "/media/"+mediaurl.Path(s.AudioKey))
}

// DefaultQuality (kbps) is the rendition of a song that browsers cannot
// play as it is, when the listener chose no lower quality.
const DefaultQuality = 256

// RenditionURL is the session-checked URL of a song's rendition at kbps.
func RenditionURL(songID string, kbps int) string {
	return "/media/songs/" + songID + "/rendition?kbps=" + strconv.Itoa(kbps)
}

// SongsOf always makes a list, so an empty one is [] and not null.
func SongsOf(list []*musicify.Song, viewer *Viewer) []Song {
	out := make([]Song, len(list))
	for i, s := range list {
		out[i] = SongOf(s, viewer)
	}
	return out
}

// CoverURLs are the large and small images of a stored cover, or the
// default cover the web app ships.
func CoverURLs(key string) (large, small string) {
	if key == "" {
		return DefaultCover, DefaultCover
	}
	return "/media/" + key + "-640.jpg", "/media/" + key + "-160.jpg"
}

// Artist is an artist as the API shows it.
type Artist struct {
	ID         string `json:"_id"`
	Name       string `json:"name"`
	Cover      string `json:"cover"`
	CoverSmall string `json:"coverSmall"`
	Songs      int    `json:"songs"`
	Albums     int    `json:"albums"`
	// UserID is the uploader whose artist page this is, to follow; "" for
	// an artist of the library's tags.
	UserID string `json:"userId"`
	// Username is that uploader's, for their profile link; "" likewise.
	Username string `json:"username"`
}

// ArtistOf is a as the API shows it.
func ArtistOf(a *musicify.Artist) Artist {
	large, small := CoverURLs(a.CoverKey)
	return Artist{ID: a.ID, Name: a.Name, Cover: large, CoverSmall: small, Songs: a.Songs, Albums: a.Albums, UserID: a.UserID, Username: a.Username}
}

// Album is an album as the API shows it (docs/api.md, "Albums").
type Album struct {
	ID          string  `json:"_id"`
	Name        string  `json:"name"`
	Artist      string  `json:"artist"`
	ArtistID    string  `json:"artistId"`
	Year        int     `json:"year"`
	Genre       string  `json:"genre"`
	Compilation bool    `json:"compilation"`
	Cover       string  `json:"cover"`
	CoverSmall  string  `json:"coverSmall"`
	Songs       int     `json:"songs"`
	Duration    float64 `json:"duration"`
	Plays       int64   `json:"plays"`
	// UserID and Username are the uploader behind the album artist ("" for
	// the library's), so the web app knows a username (shown with spaces)
	// from a name chosen with its capitals.
	UserID   string `json:"userId"`
	Username string `json:"username"`
}

// AlbumOf is a as the API shows it.
func AlbumOf(a *musicify.Album) Album {
	large, small := CoverURLs(a.CoverKey)
	return Album{ID: a.ID, Name: a.Name, Artist: a.Artist, ArtistID: a.ArtistID, Year: a.Year, Genre: a.Genre,
		Compilation: a.Compilation, Cover: large, CoverSmall: small, Songs: a.Songs, Duration: a.Duration, Plays: a.Plays,
		UserID: a.UserID, Username: a.Username}
}

// AlbumsOf always makes a list, so an empty one is [] and not null.
func AlbumsOf(list []*musicify.Album) []Album {
	out := make([]Album, len(list))
	for i, a := range list {
		out[i] = AlbumOf(a)
	}
	return out
}

// Playlist is a playlist as the API shows it; the original client
// reads both _id and id.
type Playlist struct {
	ID      string `json:"_id"`
	IDAlias string `json:"id"`
	Name    string `json:"name"`
	// Description is what the owner wrote about it; "" for nothing.
	Description string    `json:"description"`
	Cover       string    `json:"cover"`
	CoverSmall  string    `json:"coverSmall"`
	Owner       string    `json:"owner"`
	Mine        bool      `json:"mine"`
	Count       int       `json:"count"`
	CreatedAt   time.Time `json:"createdAt"`
	// Mosaic is the small covers of its first songs (up to four distinct),
	// the picture of a playlist without a cover of its own; [] once it has one.
	Mosaic []string `json:"mosaic"`
	// Smart: its songs come from Rules, not from hand edits.
	Smart bool                 `json:"smart"`
	Rules *musicify.SmartRules `json:"rules,omitempty"`
}

// PlaylistOf is p as viewer (nil: nobody signed in) sees it.
func PlaylistOf(p *musicify.Playlist, viewer *musicify.User) Playlist {
	large, small := CoverURLs(p.CoverKey)
	mosaic := []string{}
	if p.CoverKey == "" {
		for _, key := range p.Mosaic {
			_, tile := CoverURLs(key)
			mosaic = append(mosaic, tile)
		}
	}
	return Playlist{ID: p.ID, IDAlias: p.ID, Name: p.Name, Description: p.Description, Cover: large, CoverSmall: small, Owner: p.Owner,
		Mine: viewer != nil && viewer.ID == p.UserID, Count: p.Songs, CreatedAt: p.Created, Mosaic: mosaic,
		Smart: p.Rules != nil, Rules: p.Rules}
}

// PlaylistsOf always makes a list, so an empty one is [] and not null.
func PlaylistsOf(list []*musicify.Playlist, viewer *musicify.User) []Playlist {
	out := make([]Playlist, len(list))
	for i, p := range list {
		out[i] = PlaylistOf(p, viewer)
	}
	return out
}

// Person is another user in lists: name, and whether the caller follows them.
type Person struct {
	ID        string `json:"_id"`
	Username  string `json:"username"`
	Following bool   `json:"following"`
	// Name is the artist name they chose, when they did; Songs counts
	// their uploads, so a page can tell artists from listeners.
	Name  string `json:"name,omitempty"`
	Songs int    `json:"songs"`
	// Picture is the small image of their picture, when they chose one.
	Picture string `json:"picture,omitempty"`
}

// PeopleOf is users as others see them, with whom the caller follows and
// each uploader's artist (ArtistsByUserIDs of the same users).
func PeopleOf(users []*musicify.User, following map[string]bool, artists []*musicify.Artist) []Person {
	byUser := make(map[string]*musicify.Artist, len(artists))
	for _, a := range artists {
		byUser[a.UserID] = a
	}
	out := make([]Person, 0, len(users))
	for _, u := range users {
		p := Person{ID: u.ID, Username: u.Username, Following: following[u.ID]}
		if u.PictureKey != "" {
			_, p.Picture = CoverURLs(u.PictureKey)
		}
		if a := byUser[u.ID]; a != nil {
			p.Songs = a.Songs
			if a.Name != u.Username {
				p.Name = a.Name
			}
		}
		out = append(out, p)
	}
	return out
}

// User is a user as other people may see it: no hash, no secrets.
type User struct {
	ID       string `json:"_id"`
	Username string `json:"username"`
	Email    string `json:"email,omitempty"`
	// Picture and PictureSmall are the images of the picture they chose;
	// absent when they chose none and the app draws their initial.
	Picture      string `json:"picture,omitempty"`
	PictureSmall string `json:"pictureSmall,omitempty"`
}

// UserOf is u as others see it; withEmail adds the email, for u alone.
func UserOf(u *musicify.User, withEmail bool) User {
	v := User{ID: u.ID, Username: u.Username}
	if u.PictureKey != "" {
		v.Picture, v.PictureSmall = CoverURLs(u.PictureKey)
	}
	if withEmail {
		v.Email = u.Email
	}
	return v
}

// Viewer is the caller a view is made for: who they are, and the session
// their media URLs are signed for.
type Viewer struct {
	user *musicify.User
	sess *musicify.Session
	sign *mediaurl.Signer
}

// Is tells whether the viewer is the user userID.
func (v *Viewer) Is(userID string) bool { return v != nil && v.user != nil && v.user.ID == userID }

// Link is the URL of blob key: signed for the viewer's session when the
// server signs URLs, else fallback, which checks the session itself.
func (v *Viewer) Link(key, name, fallback string) string {
	if v == nil || v.sign == nil || v.sess == nil || v.user == nil {
		return fallback
	}
	return v.sign.URL(mediaurl.Claims{Key: key, User: v.user.ID, Session: musicify.SessionRef(v.sess.TokenHash),
		Since: v.sess.CreatedAt.UnixMilli(), Name: name})
}

// For is the signed-in caller of r, whose media links sign is to sign
// (nil: the session-checked URLs).
func For(r *http.Request, sign *mediaurl.Signer) *Viewer {
	return &Viewer{user: platform.UserOf(r), sess: platform.SessionOf(r), sign: sign}
}

// SongsByID turns ids into views in one query, skipping songs deleted meanwhile.
func SongsByID(ctx context.Context, store SongsByIDs, ids []string, me *Viewer) ([]Song, error) {
	songs, err := store.SongsByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	return SongsOf(songs, me), nil
}

// SongsByIDs reads songs by id, skipping those that are gone.
type SongsByIDs interface {
	SongsByIDs(ctx context.Context, ids []string) ([]*musicify.Song, error)
}

// PlaylistDetail is a playlist with its songs, always a list.
type PlaylistDetail struct {
	Playlist
	Songs []Song `json:"songs"`
}
