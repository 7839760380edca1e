package musicify

import (
	"context"
	"strings"
	"time"
)

// LibraryUserID owns the songs imported from library folders: they belong
// to the server, not to a person, so nobody can delete or re-upload them.
// Its username cannot be registered and it has no password.
const LibraryUserID = "library"

// VariousArtists is the album artist of compilations.
const VariousArtists = "Various Artists"

// Album groups songs under an album artist. Every song has one: an upload
// without an album tag is a single, an album named after the song.
type Album struct {
	ID       string
	Name     string
	ArtistID string
	Artist   string // the album artist's display name
	// UserID is the uploader behind the album artist; "" for the library.
	UserID      string
	Username    string // that uploader's username; "" likewise
	Year        int
	Genre       string
	Compilation bool
	MBID        string
	CoverKey    string
	Songs       int
	Duration    float64 // seconds, of the songs present
	Plays       int64
	Created     time.Time
}

// Album sort orders.
const (
	AlbumsRecent = "recent" // newest first
	AlbumsName   = "name"   // A–Z
	AlbumsArtist = "artist" // by album artist, then name
	AlbumsYear   = "year"   // oldest first; AlbumQuery.Desc flips it
	AlbumsPlays  = "plays"  // most played first
	AlbumsRandom = "random"
)

// AlbumQuery picks a page of albums. Zero values do not filter.
type AlbumQuery struct {
	Sort     string
	Desc     bool // only for AlbumsYear: newest year first
	Genre    string
	FromYear int // inclusive
	ToYear   int // inclusive
	ArtistID string
	Offset   int
	Limit    int // 0 is 50; at most 500
}

// Genre is a genre with what it holds.
type Genre struct {
	Name   string
	Songs  int
	Albums int
}

// RandomQuery picks random songs.
type RandomQuery struct {
	Size     int
	Genre    string
	FromYear int
	ToYear   int
}

// AlbumStore reads albums, artists and genres. Missing library files are
// left out of every list.
type AlbumStore interface {
	Albums(ctx context.Context, q AlbumQuery) ([]*Album, error)
	Album(ctx context.Context, id string) (*Album, error)
	// AlbumsByIDs and ArtistsByIDs read many at once, in the order given,
	// skipping those with nothing to play.
	AlbumsByIDs(ctx context.Context, ids []string) ([]*Album, error)
	ArtistsByIDs(ctx context.Context, ids []string) ([]*Artist, error)
	// SongsPage pages through every present song, newest first.
	SongsPage(ctx context.Context, offset, limit int) ([]*Song, error)
	// AlbumSongs lists an album's songs in disc and track order.
	AlbumSongs(ctx context.Context, albumID string) ([]*Song, error)
	// ArtistByID finds an artist by id; Artist finds one by name.
	ArtistByID(ctx context.Context, id string) (*Artist, error)
	Genres(ctx context.Context) ([]*Genre, error)
	// Decades lists the decades (1990, 2000…) of albums with a year, oldest first.
	Decades(ctx context.Context) ([]int, error)
	SongsByGenre(ctx context.Context, genre string, offset, limit int) ([]*Song, error)
	RandomSongs(ctx context.Context, q RandomQuery) ([]*Song, error)
}

// NameKey is how names of artists, albums and genres compare: case,
// surrounding and repeated spaces do not matter.
func NameKey(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}

// TrackTags is what a file's tags (or its path) say about it.
type TrackTags struct {
	Title       string
	Artist      string   // as shown: "A feat. B"
	Artists     []string // each artist, the first being the main one
	Album       string
	AlbumArtist string
	Track       int
	Disc        int
	Year        int
	Genres      []string
	Compilation bool
	// MusicBrainz ids.
	MBTrackID  string // recording or release track id
	MBAlbumID  string
	MBArtistID string
	// ReplayGain in dB; nil when the file does not say.
	ReplayGainTrack *float64
	ReplayGainAlbum *float64
	Lyrics          string // plain text
	SyncedLyrics    string // LRC
	// Credits are every artist the tags name, each in its role: main
	// artists first (the first is the song's artist), then featured ones,
	// album artists, composers and other contributors. When empty, the
	// store credits Artists and AlbumArtist.
	Credits []Credit
}

// Credit is an artist a file's tags name in a role (Role* constants).
type Credit struct {
	Name     string
	SortName string // from ARTISTSORT and the like; "" when not tagged
	MBID     string
	Role     string
	SubRole  string
}

// ScanStatus is where the library scan stands, for admins.
type ScanStatus struct {
	Folders  []string
	Running  bool
	Started  time.Time // zero before the first scan
	Finished time.Time // zero while the first scan runs
	Seen     int
	Added    int
	Updated  int
	Removed  int
	Failed   int
	// Failures holds the latest failures (at most 100) with their reason.
	Failures []ScanFailure
}

// ScanFailure is a file the scan could not import.
type ScanFailure struct {
	Path   string
	Reason string
}

// Scanner imports the library folders.
type Scanner interface {
	Status() ScanStatus
	// StartScan begins a scan in the background unless one runs; full
	// re-reads every file, otherwise unchanged files (size and time) are
	// skipped. It reports whether it started one.
	StartScan(full bool) bool
}

// SubsonicCredentials are what a Subsonic client sends: a password ("p",
// plain or "enc:" hex, already decoded), or a token t = md5(password+salt)
// with its salt, or an OpenSubsonic API key.
type SubsonicCredentials struct {
	Username string
	Password string
	Token    string
	Salt     string
	APIKey   string
}

// AppPasswordChecker checks Subsonic credentials against a user's app
// passwords. Wrong credentials return EUNAUTHORIZED; too many wrong tries
// ERATELIMITED.
type AppPasswordChecker interface {
	CheckSubsonic(ctx context.Context, c SubsonicCredentials, clientAddr string) (*User, error)
}

// LibraryFolder is one folder of MUSICIFY_LIBRARY_DIRS; its id prefixes
// the LibraryPath of its songs, so a folder can move on disk.
type LibraryFolder struct {
	ID   string
	Path string
}

// LibraryStore keeps what the scanner imports.
type LibraryStore interface {
	// LibraryFolder returns the folder at path, adding it when new.
	LibraryFolder(ctx context.Context, path string) (*LibraryFolder, error)
	// AddLibrarySong stores a newly found file (s.LibraryPath set, owned by
	// LibraryUserID) under the artist and album its tags name, with its
	// genres and jobs, all or nothing.
	AddLibrarySong(ctx context.Context, s *Song, tags TrackTags, jobs ...*Job) error
	// AddLibrarySongs stores new files as AddLibrarySong does, many to a
	// transaction (a first scan of thousands of files). It returns each
	// file's error (nil when stored) at its index: a bad file does not
	// lose the others.
	AddLibrarySongs(ctx context.Context, songs []LibraryImport) []error
	// LibraryFiles lists what is known of a folder's files, missing ones
	// included, so a rescan compares sizes and times without reading files.
	LibraryFiles(ctx context.Context, folderID string) ([]LibraryFile, error)
	// UpdateLibrarySong rewrites the file and tags of an imported song (a
	// changed, moved or returned file; s.ID names it) and clears Missing,
	// keeping its listens, likes and playlist places.
	UpdateLibrarySong(ctx context.Context, s *Song, tags TrackTags) error
	// MarkLibraryMissing records that these songs' files are gone: they
	// leave listings and search but stay in history, playlists and likes.
	MarkLibraryMissing(ctx context.Context, songIDs []string) error
	// SetAlbumCover gives an album the cover stored under coverKey unless
	// it has one, and reports whether it took it.
	SetAlbumCover(ctx context.Context, albumID, coverKey string) (bool, error)
}

// LibraryImport is one new file for AddLibrarySongs.
type LibraryImport struct {
	Song *Song
	Tags TrackTags
	Jobs []*Job
}

// LibraryFile is what the scanner remembers of an imported file.
type LibraryFile struct {
	SongID      string
	AlbumID     string
	Path        string // in its folder, '/'-separated
	Size        int64
	ModTime     time.Time
	Fingerprint string
	MBID        string
	Missing     bool
	TagsVersion int // of the reader that read it
}

// LibraryKeyPrefix starts the blob keys of library files
// ("lib/<folder id>/<path>"): they are read from the folder itself, never
// written, listed or deleted.
const LibraryKeyPrefix = "lib/"

// IsLibraryKey tells a library file's key from a stored blob's.
func IsLibraryKey(key string) bool { return strings.HasPrefix(key, LibraryKeyPrefix) }
