package musicify

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"math"
	"slices"
	"time"
)

// Song is an uploaded or imported track. An upload's audio never changes,
// so the URLs that name it can be cached forever.
type Song struct {
	ID     string
	Name   string
	UserID string // the uploader, or LibraryUserID
	// Artist is the track's artist as shown: an upload's is the uploader's
	// username; an imported file's comes from its tags.
	Artist   string
	ArtistID string // the first main artist
	// Artists are every artist credited on the song, each a row of its
	// own: main artists first, then the featured ones, then the others
	// (album artists, composers…). The store fills it when it reads songs.
	Artists []SongArtist
	AlbumID string
	// Uploader is the uploader's username; "" for library songs.
	Uploader string
	// Format is the container of the original: mp3, m4a, aac, ogg, opus, flac, wav or webm.
	Format   string
	Duration float64 // seconds; 0 when the file does not say
	Bitrate  int     // bits per second of the original
	Size     int64   // bytes of the original
	SHA256   string  // of the original, to refuse the same upload twice
	// AudioKey is the original in blob storage; StreamKey a lighter rendition, or "".
	AudioKey  string
	StreamKey string
	// CoverKey is the blob prefix of the cover images ("" for the default cover).
	CoverKey string
	Text     string
	// Transcript says where the transcript of the audio stands (Transcript* constants).
	Transcript string
	// Loudness is the integrated loudness in LUFS, measured after upload; nil until known.
	Loudness *float64
	Title    string // tags read from the file, kept for search
	Album    string // the album tag; "" for a single (its album is named after it)
	Track    int
	Disc     int
	Year     int
	Genre    string // the first genre (the library keeps all of them)
	MBID     string // MusicBrainz track id
	// ReplayGain in dB, when the file says.
	ReplayGainTrack *float64
	ReplayGainAlbum *float64
	SyncedLyrics    string // LRC
	// LibraryPath is "<folder id>/<path in the folder>" for an imported
	// file, "" for an upload; ModTime is the file's time when read.
	LibraryPath string
	ModTime     time.Time
	// Fingerprint is a cheap hash of a library file's content, to find it
	// again when it moves; "" for uploads.
	Fingerprint string
	// Missing says the library file is gone: the song stays in history,
	// playlists and likes but leaves listings and search.
	Missing bool
	Count   int64 // views
	Created time.Time
	// Details are the stream's properties and the tags apps show beside
	// the song's place in the catalog.
	Details SongDetails
	// MeasuredBPM is the tempo the audio analysis measured; 0 until then.
	MeasuredBPM float64
	// TagsVersion is the version of the reader that read a library file's
	// tags: a file read by an older one is read again by the next scan.
	TagsVersion int
}

// SongDetails are what a file says of itself that only shows: the audio
// stream's properties and the tags players display.
type SongDetails struct {
	SampleRate int    `json:"sampleRate,omitempty"` // Hz
	BitDepth   int    `json:"bitDepth,omitempty"`   // bits per sample of lossless files
	Channels   int    `json:"channels,omitempty"`
	BPM        int    `json:"bpm,omitempty"` // the tag's; see Song.BPM
	Comment    string `json:"comment,omitempty"`
	// ISRC are the recording codes (a file may carry several).
	ISRC  []string `json:"isrc,omitempty"`
	Moods []string `json:"moods,omitempty"`
	// ReleaseDate and OriginalDate are "2004", "2004-05" or "2004-05-01".
	ReleaseDate  string   `json:"releaseDate,omitempty"`
	OriginalDate string   `json:"originalDate,omitempty"`
	ReleaseTypes []string `json:"releaseTypes,omitempty"` // album, single, compilation, live…
	Labels       []string `json:"labels,omitempty"`       // record labels
	DiscTitle    string   `json:"discTitle,omitempty"`    // the subtitle of the song's disc
	TitleSort    string   `json:"titleSort,omitempty"`
	AlbumSort    string   `json:"albumSort,omitempty"`
	Explicit     string   `json:"explicit,omitempty"` // Explicit, Clean or ""
}

// Explicit content advisories a file may carry.
const (
	Explicit = "explicit"
	Clean    = "clean"
)

// BPM is the song's tempo, rounded: the tag's when the file has one, else
// the one the audio analysis measured; 0 when neither is known.
func (s *Song) BPM() int {
	if s.Details.BPM > 0 {
		return s.Details.BPM
	}
	return int(math.Round(s.MeasuredBPM))
}

// AlbumDetails are an album's tags, from its songs' tags.
type AlbumDetails struct {
	ReleaseDate  string
	OriginalDate string
	ReleaseTypes []string
	Labels       []string
	Moods        []string
	Sort         string
	Explicit     string
	DiscTitles   map[int]string // by disc number
}

// AlbumDetailsOf gathers an album's tags from its songs, in disc and
// track order: the first song that says wins, as players show the first
// track's tags; moods gather from every song; the album is explicit when
// any song is, clean when one is and none explicit.
func AlbumDetailsOf(songs []*Song) AlbumDetails {
	var a AlbumDetails
	seen := map[string]bool{}
	for _, s := range songs {
		d := s.Details
		a.ReleaseDate = cmp.Or(a.ReleaseDate, d.ReleaseDate)
		a.OriginalDate = cmp.Or(a.OriginalDate, d.OriginalDate)
		a.Sort = cmp.Or(a.Sort, d.AlbumSort)
		if len(a.ReleaseTypes) == 0 {
			a.ReleaseTypes = d.ReleaseTypes
		}
		if len(a.Labels) == 0 {
			a.Labels = d.Labels
		}
		for _, m := range d.Moods {
			if !seen[NameKey(m)] {
				seen[NameKey(m)] = true
				a.Moods = append(a.Moods, m)
			}
		}
		if d.Explicit == Explicit || d.Explicit == Clean && a.Explicit == "" {
			a.Explicit = d.Explicit
		}
		if d.DiscTitle != "" && a.DiscTitles[s.Disc] == "" {
			if a.DiscTitles == nil {
				a.DiscTitles = map[int]string{}
			}
			a.DiscTitles[s.Disc] = d.DiscTitle
		}
	}
	return a
}

// Transcript states of a song.
const (
	TranscriptNone    = "none"
	TranscriptPending = "pending"
	TranscriptDone    = "done"
	TranscriptFailed  = "failed"
)

// Artist is who songs are by: an uploader (UserID set) or a name from
// the library's tags.
type Artist struct {
	ID       string
	Name     string // with its real capitals
	UserID   string // the uploader whose artist page this is; "" for tags
	Username string // that uploader's username; "" for tags
	// SortName is how the tags say to sort the name ("Beatles, The"); ""
	// when they do not.
	SortName string
	MBID     string
	CoverKey string // the cover the uploader set, else their latest song's
	Songs    int
	Albums   int
}

// The roles an artist is credited in on a song. Other contributors keep
// the role their tag names (lyricist, conductor, remixer, producer,
// arranger, engineer, mixer, djmixer, performer), a performer's
// instrument being the SubRole.
const (
	RoleArtist      = "artist"   // a main artist
	RoleFeatured    = "featured" // "A feat. B": B
	RoleAlbumArtist = "albumartist"
	RoleComposer    = "composer"
)

// SongArtist is one artist credited on a song.
type SongArtist struct {
	ID      string
	Name    string
	Role    string
	SubRole string // a performer's instrument; "" otherwise
}

// Performs says the credit is one of the song's artists (main or
// featured), whose page and search results hold the song.
func (a SongArtist) Performs() bool { return a.Role == RoleArtist || a.Role == RoleFeatured }

// Performers are the song's main and featured artists, in order; a song
// whose credits were never read has its one artist.
func (s *Song) Performers() []SongArtist {
	var out []SongArtist
	for _, a := range s.Artists {
		if a.Performs() {
			out = append(out, a)
		}
	}
	if len(out) == 0 && s.ArtistID != "" {
		out = append(out, SongArtist{ID: s.ArtistID, Name: s.Artist, Role: RoleArtist})
	}
	return out
}

// Credited lists the song's artists in role (RoleAlbumArtist…), in order.
func (s *Song) Credited(role string) []SongArtist {
	var out []SongArtist
	for _, a := range s.Artists {
		if a.Role == role {
			out = append(out, a)
		}
	}
	return out
}

// SongStore persists songs. Lookups that find nothing return ENOTFOUND.
type SongStore interface {
	// CreateSong stores s with the jobs about it, all or nothing.
	CreateSong(ctx context.Context, s *Song, jobs ...*Job) error
	// CreateUpload stores an upload as CreateSong does, unless its owner's
	// originals would then take more than quota bytes: ErrOverQuota, with
	// what they take already. The check and the insert are one step, so
	// uploads at once cannot pass the quota together.
	CreateUpload(ctx context.Context, s *Song, quota int64, jobs ...*Job) (used int64, err error)
	Song(ctx context.Context, id string) (*Song, error)
	// SongsByIDs returns the songs that exist of ids, in the order given.
	SongsByIDs(ctx context.Context, ids []string) ([]*Song, error)
	// SongBySHA256 finds a user's song with these exact bytes.
	SongBySHA256(ctx context.Context, userID, sha string) (*Song, error)
	// SongByLibraryPath finds the song imported from a library file
	// ('<folder id>/<path in it>').
	SongByLibraryPath(ctx context.Context, path string) (*Song, error)
	// UploadedBytes sums the sizes of a user's uploaded originals.
	UploadedBytes(ctx context.Context, userID string) (int64, error)
	Songs(ctx context.Context) ([]*Song, error)
	// SongsByArtist lists an artist's songs, newest first; name is the
	// artist's name or, for an uploader, their username.
	SongsByArtist(ctx context.Context, name string) ([]*Song, error)
	DeleteSong(ctx context.Context, id string) error
	// AddView counts one listen and returns the new count.
	AddView(ctx context.Context, songID, userID string, at time.Time) (int64, error)
	// CountListen counts a person's listen at at as AddView does, if rule
	// lets it count, and returns the count and whether it counted.
	CountListen(ctx context.Context, songID, userID string, at time.Time, rule ListenRule) (int64, bool, error)
	// SongsToAnalyze and SongsToTranscribe list the songs still waiting
	// for that work (loudness unknown, transcript pending) with no job of kind.
	SongsToAnalyze(ctx context.Context, kind string) ([]*Song, error)
	SongsToTranscribe(ctx context.Context, kind string) ([]*Song, error)
	SetStream(ctx context.Context, songID, streamKey string, loudness *float64) error
	// SetTranscript records the transcript's state, and its text when done.
	SetTranscript(ctx context.Context, songID, state, text string) error
	Artists(ctx context.Context) ([]*Artist, error)
	Artist(ctx context.Context, name string) (*Artist, error)
	// ArtistsByUserIDs returns the artists among these users, in the order given.
	ArtistsByUserIDs(ctx context.Context, userIDs []string) ([]*Artist, error)
	// SetArtistCover sets the cover a user chose for their artist page and
	// returns the one it replaces ("" when none).
	SetArtistCover(ctx context.Context, userID, coverKey string) (old string, err error)
	// SetArtistName renames an uploader's artist (making it when they have
	// uploaded nothing yet) and the artist of each song they uploaded.
	// Another artist's name is ECONFLICT.
	SetArtistName(ctx context.Context, userID, name string) error
	// ArtistName is the name an uploader's artist goes by, "" before they
	// chose one or uploaded anything.
	ArtistName(ctx context.Context, userID string) (string, error)
}

// SongUpload is a song whose files were spooled to local temp files.
type SongUpload struct {
	User      *User
	Name      string
	Text      string
	AudioPath string
	SHA256    string
	Size      int64
	CoverPath string // "" for no cover
}

// Catalog is the life of songs: upload, listens and deletion
// (catalog.Service).
type Catalog interface {
	Upload(ctx context.Context, up SongUpload) (*Song, error)
	Delete(ctx context.Context, user *User, songID string) error
	// CountView counts a listen that happened at at (zero: now), under
	// the ListenRule: plays cannot be bought by repeating a request.
	CountView(ctx context.Context, user *User, songID string, at time.Time) (int64, error)
	// SetArtistCover makes the image at coverPath the user's artist cover,
	// which is also their picture (User.PictureKey).
	SetArtistCover(ctx context.Context, user *User, coverPath string) (*Artist, error)
	// RemoveArtistCover takes the picture away: their initial is shown
	// again, and their artist page takes the cover of a song.
	RemoveArtistCover(ctx context.Context, user *User) error
	// SetArtistName gives the user's artist the name they chose, with its
	// capitals, and returns it as stored.
	SetArtistName(ctx context.Context, user *User, name string) (string, error)
}

// NewID makes a random 24-character id, the shape clients know as _id.
func NewID() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return hex.EncodeToString(b[:])
}

// ListenRule is which listens count: one per song length (at least
// MinGap) for a person and a song, and at most PerDay of that pair in a
// day, so that a play count is people listening, not requests repeated.
type ListenRule struct {
	MinGap time.Duration
	PerDay int
}

// Listens is the rule the server counts by. A player sends a listen after
// 10 s of playing; a song cannot be heard again before it ended.
var Listens = ListenRule{MinGap: 30 * time.Second, PerDay: 50}

// ErrOverQuota is an upload that would take its owner past their quota.
var ErrOverQuota = Errorf(ETOOLARGE, "This upload would take you past your quota.")

// MostPlayed orders songs most played first, keeping the order they came
// in among equals, for every face that lists an artist's top songs.
func MostPlayed(songs []*Song) []*Song {
	out := slices.Clone(songs)
	slices.SortStableFunc(out, func(a, b *Song) int { return cmp.Compare(b.Count, a.Count) })
	return out
}
