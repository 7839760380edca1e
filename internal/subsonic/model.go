package subsonic

import (
	"encoding/json"
	"encoding/xml"
	"time"
)

// The response types carry both encodings: XML attributes and elements as
// the Subsonic 1.16.1 schema has them, JSON as the same names, lists as
// arrays and element text as "value". OpenSubsonic fields we support are
// always present (empty when unknown), as the extension asks, so clients
// can tell that we support them.

// stamp is a time as ISO 8601 in UTC with milliseconds.
type stamp time.Time

func stampOf(t time.Time) *stamp {
	if t.IsZero() {
		return nil
	}
	s := stamp(t)
	return &s
}

func (t stamp) String() string {
	return time.Time(t).UTC().Format("2006-01-02T15:04:05.000Z")
}

func (t stamp) MarshalXMLAttr(name xml.Name) (xml.Attr, error) {
	return xml.Attr{Name: name, Value: t.String()}, nil
}

func (t stamp) MarshalJSON() ([]byte, error) { return json.Marshal(t.String()) }

type response struct {
	XMLName       xml.Name `xml:"subsonic-response" json:"-"`
	Xmlns         string   `xml:"xmlns,attr" json:"-"`
	Status        string   `xml:"status,attr" json:"status"`
	Version       string   `xml:"version,attr" json:"version"`
	Type          string   `xml:"type,attr" json:"type"`
	ServerVersion string   `xml:"serverVersion,attr" json:"serverVersion"`
	OpenSubsonic  bool     `xml:"openSubsonic,attr" json:"openSubsonic"`

	Error                  *apiError              `xml:"error,omitempty" json:"error,omitempty"`
	License                *license               `xml:"license,omitempty" json:"license,omitempty"`
	OpenSubsonicExtensions []extension            `xml:"openSubsonicExtensions,omitempty" json:"openSubsonicExtensions,omitempty"`
	MusicFolders           *musicFolders          `xml:"musicFolders,omitempty" json:"musicFolders,omitempty"`
	Indexes                *indexes               `xml:"indexes,omitempty" json:"indexes,omitempty"`
	Directory              *directory             `xml:"directory,omitempty" json:"directory,omitempty"`
	Genres                 *genres                `xml:"genres,omitempty" json:"genres,omitempty"`
	Artists                *artistsID3            `xml:"artists,omitempty" json:"artists,omitempty"`
	Artist                 *artistWithAlbums      `xml:"artist,omitempty" json:"artist,omitempty"`
	ArtistInfo2            *artistInfo            `xml:"artistInfo2,omitempty" json:"artistInfo2,omitempty"`
	Album                  *albumID3              `xml:"album,omitempty" json:"album,omitempty"`
	AlbumInfo              *albumInfo             `xml:"albumInfo,omitempty" json:"albumInfo,omitempty"`
	Song                   *child                 `xml:"song,omitempty" json:"song,omitempty"`
	AlbumList              *albumList             `xml:"albumList,omitempty" json:"albumList,omitempty"`
	AlbumList2             *albumList2            `xml:"albumList2,omitempty" json:"albumList2,omitempty"`
	RandomSongs            *songs                 `xml:"randomSongs,omitempty" json:"randomSongs,omitempty"`
	SongsByGenre           *songs                 `xml:"songsByGenre,omitempty" json:"songsByGenre,omitempty"`
	TopSongs               *songs                 `xml:"topSongs,omitempty" json:"topSongs,omitempty"`
	SimilarSongs2          *songs                 `xml:"similarSongs2,omitempty" json:"similarSongs2,omitempty"`
	SearchResult2          *searchResult2         `xml:"searchResult2,omitempty" json:"searchResult2,omitempty"`
	SearchResult3          *searchResult3         `xml:"searchResult3,omitempty" json:"searchResult3,omitempty"`
	Playlists              *playlistList          `xml:"playlists,omitempty" json:"playlists,omitempty"`
	Playlist               *playlist              `xml:"playlist,omitempty" json:"playlist,omitempty"`
	Starred                *searchResult2         `xml:"starred,omitempty" json:"starred,omitempty"`
	Starred2               *searchResult3         `xml:"starred2,omitempty" json:"starred2,omitempty"`
	NowPlaying             *nowPlaying            `xml:"nowPlaying,omitempty" json:"nowPlaying,omitempty"`
	PlayQueue              *playQueue             `xml:"playQueue,omitempty" json:"playQueue,omitempty"`
	User                   *user                  `xml:"user,omitempty" json:"user,omitempty"`
	InternetRadioStations  *internetRadioStations `xml:"internetRadioStations,omitempty" json:"internetRadioStations,omitempty"`
	ScanStatus             *scanStatus            `xml:"scanStatus,omitempty" json:"scanStatus,omitempty"`
	Lyrics                 *lyrics                `xml:"lyrics,omitempty" json:"lyrics,omitempty"`
	LyricsList             *lyricsList            `xml:"lyricsList,omitempty" json:"lyricsList,omitempty"`
	ArtistInfo             *artistInfoFolder      `xml:"artistInfo,omitempty" json:"artistInfo,omitempty"`
	SimilarSongs           *songs                 `xml:"similarSongs,omitempty" json:"similarSongs,omitempty"`
	Users                  *users                 `xml:"users,omitempty" json:"users,omitempty"`
	Shares                 *shares                `xml:"shares,omitempty" json:"shares,omitempty"`
	Bookmarks              *bookmarks             `xml:"bookmarks,omitempty" json:"bookmarks,omitempty"`
	Podcasts               *podcasts              `xml:"podcasts,omitempty" json:"podcasts,omitempty"`
	NewestPodcasts         *newestPodcasts        `xml:"newestPodcasts,omitempty" json:"newestPodcasts,omitempty"`
	Videos                 *videos                `xml:"videos,omitempty" json:"videos,omitempty"`
	ChatMessages           *chatMessages          `xml:"chatMessages,omitempty" json:"chatMessages,omitempty"`
	PlayQueueByIndex       *playQueueByIndex      `xml:"playQueueByIndex,omitempty" json:"playQueueByIndex,omitempty"`
	TokenInfo              *tokenInfo             `xml:"tokenInfo,omitempty" json:"tokenInfo,omitempty"`
	JukeboxStatus          *jukeboxStatus         `xml:"jukeboxStatus,omitempty" json:"jukeboxStatus,omitempty"`
	JukeboxPlaylist        *jukeboxPlaylist       `xml:"jukeboxPlaylist,omitempty" json:"jukeboxPlaylist,omitempty"`
}

type license struct {
	Valid bool `xml:"valid,attr" json:"valid"`
}

type extension struct {
	Name     string `xml:"name,attr" json:"name"`
	Versions []int  `xml:"versions" json:"versions"`
}

type musicFolders struct {
	MusicFolder []musicFolder `xml:"musicFolder" json:"musicFolder"`
}

type musicFolder struct {
	ID   int    `xml:"id,attr" json:"id"`
	Name string `xml:"name,attr" json:"name"`
}

type idName struct {
	ID   string `xml:"id,attr" json:"id"`
	Name string `xml:"name,attr" json:"name"`
}

type itemGenre struct {
	Name string `xml:"name,attr" json:"name"`
}

type replayGain struct {
	TrackGain *float64 `xml:"trackGain,attr,omitempty" json:"trackGain,omitempty"`
	AlbumGain *float64 `xml:"albumGain,attr,omitempty" json:"albumGain,omitempty"`
}

// child is a song, or an album shown as a directory.
type child struct {
	ID            string      `xml:"id,attr" json:"id"`
	Parent        string      `xml:"parent,attr,omitempty" json:"parent,omitempty"`
	IsDir         bool        `xml:"isDir,attr" json:"isDir"`
	Title         string      `xml:"title,attr" json:"title"`
	Album         string      `xml:"album,attr,omitempty" json:"album,omitempty"`
	Artist        string      `xml:"artist,attr,omitempty" json:"artist,omitempty"`
	Track         int         `xml:"track,attr,omitempty" json:"track,omitempty"`
	Year          int         `xml:"year,attr,omitempty" json:"year,omitempty"`
	Genre         string      `xml:"genre,attr,omitempty" json:"genre,omitempty"`
	CoverArt      string      `xml:"coverArt,attr,omitempty" json:"coverArt,omitempty"`
	Size          int64       `xml:"size,attr,omitempty" json:"size,omitempty"`
	ContentType   string      `xml:"contentType,attr,omitempty" json:"contentType,omitempty"`
	Suffix        string      `xml:"suffix,attr,omitempty" json:"suffix,omitempty"`
	Duration      int         `xml:"duration,attr,omitempty" json:"duration,omitempty"`
	BitRate       int         `xml:"bitRate,attr,omitempty" json:"bitRate,omitempty"`
	Path          string      `xml:"path,attr,omitempty" json:"path,omitempty"`
	IsVideo       bool        `xml:"isVideo,attr" json:"isVideo"`
	UserRating    int         `xml:"userRating,attr,omitempty" json:"userRating,omitempty"`
	PlayCount     int64       `xml:"playCount,attr" json:"playCount"`
	DiscNumber    int         `xml:"discNumber,attr,omitempty" json:"discNumber,omitempty"`
	Created       *stamp      `xml:"created,attr,omitempty" json:"created,omitempty"`
	Starred       *stamp      `xml:"starred,attr,omitempty" json:"starred,omitempty"`
	AlbumID       string      `xml:"albumId,attr,omitempty" json:"albumId,omitempty"`
	ArtistID      string      `xml:"artistId,attr,omitempty" json:"artistId,omitempty"`
	Type          string      `xml:"type,attr,omitempty" json:"type,omitempty"`
	MediaType     string      `xml:"mediaType,attr" json:"mediaType"`
	SortName      string      `xml:"sortName,attr" json:"sortName"`
	MusicBrainzID string      `xml:"musicBrainzId,attr" json:"musicBrainzId"`
	DisplayArtist string      `xml:"displayArtist,attr" json:"displayArtist"`
	Genres        []itemGenre `xml:"genres" json:"genres"`
	Artists       []idName    `xml:"artists" json:"artists"`
	ReplayGain    *replayGain `xml:"replayGain,omitempty" json:"replayGain,omitempty"`
	// The song's credits beyond its artists; songs only.
	AlbumArtists       []idName      `xml:"albumArtists,omitempty" json:"albumArtists,omitempty"`
	DisplayAlbumArtist string        `xml:"displayAlbumArtist,attr,omitempty" json:"displayAlbumArtist,omitempty"`
	Contributors       []contributor `xml:"contributors,omitempty" json:"contributors,omitempty"`
	DisplayComposer    string        `xml:"displayComposer,attr,omitempty" json:"displayComposer,omitempty"`
	songDetails
}

// contributor is an artist credited on a song in a role other than its
// artists': composer, lyricist, performer (of an instrument, the subRole)…
type contributor struct {
	Role    string `xml:"role,attr" json:"role"`
	SubRole string `xml:"subRole,attr,omitempty" json:"subRole,omitempty"`
	Artist  idName `xml:"artist" json:"artist"`
}

// songDetails are a song's stream and the tags players show, with the
// caller's last play and everyone's average rating; the zero values of a
// directory are left out.
type songDetails struct {
	BitDepth       int     `xml:"bitDepth,attr,omitempty" json:"bitDepth,omitempty"`
	SamplingRate   int     `xml:"samplingRate,attr,omitempty" json:"samplingRate,omitempty"`
	ChannelCount   int     `xml:"channelCount,attr,omitempty" json:"channelCount,omitempty"`
	AverageRating  float64 `xml:"averageRating,attr,omitempty" json:"averageRating,omitempty"`
	Played         *stamp  `xml:"played,attr,omitempty" json:"played,omitempty"`
	BPM            int     `xml:"bpm,attr,omitempty" json:"bpm,omitempty"`
	Comment        string  `xml:"comment,attr,omitempty" json:"comment,omitempty"`
	ExplicitStatus string  `xml:"explicitStatus,attr,omitempty" json:"explicitStatus,omitempty"`
	// Lists a song always has ([] when empty), a directory never.
	ISRC  *[]string `xml:"isrc,omitempty" json:"isrc,omitempty"`
	Moods *[]string `xml:"moods,omitempty" json:"moods,omitempty"`
}

type recordLabel struct {
	Name string `xml:"name,attr" json:"name"`
}

type discTitle struct {
	Disc  int    `xml:"disc,attr" json:"disc"`
	Title string `xml:"title,attr" json:"title"`
}

// itemDate is a date that may be a year or a month alone.
type itemDate struct {
	Year  int `xml:"year,attr,omitempty" json:"year,omitempty"`
	Month int `xml:"month,attr,omitempty" json:"month,omitempty"`
	Day   int `xml:"day,attr,omitempty" json:"day,omitempty"`
}

type albumID3 struct {
	ID            string      `xml:"id,attr" json:"id"`
	Name          string      `xml:"name,attr" json:"name"`
	Artist        string      `xml:"artist,attr,omitempty" json:"artist,omitempty"`
	ArtistID      string      `xml:"artistId,attr,omitempty" json:"artistId,omitempty"`
	CoverArt      string      `xml:"coverArt,attr,omitempty" json:"coverArt,omitempty"`
	SongCount     int         `xml:"songCount,attr" json:"songCount"`
	Duration      int         `xml:"duration,attr" json:"duration"`
	PlayCount     int64       `xml:"playCount,attr" json:"playCount"`
	Created       stamp       `xml:"created,attr" json:"created"`
	Starred       *stamp      `xml:"starred,attr,omitempty" json:"starred,omitempty"`
	Year          int         `xml:"year,attr,omitempty" json:"year,omitempty"`
	Genre         string      `xml:"genre,attr,omitempty" json:"genre,omitempty"`
	UserRating    int         `xml:"userRating,attr,omitempty" json:"userRating,omitempty"`
	MusicBrainzID string      `xml:"musicBrainzId,attr" json:"musicBrainzId"`
	DisplayArtist string      `xml:"displayArtist,attr" json:"displayArtist"`
	SortName      string      `xml:"sortName,attr" json:"sortName"`
	IsCompilation bool        `xml:"isCompilation,attr" json:"isCompilation"`
	Genres        []itemGenre `xml:"genres" json:"genres"`
	Artists       []idName    `xml:"artists" json:"artists"`
	// What the album's songs' tags say of it.
	ExplicitStatus      string        `xml:"explicitStatus,attr" json:"explicitStatus"`
	ReleaseTypes        []string      `xml:"releaseTypes" json:"releaseTypes"`
	Moods               []string      `xml:"moods" json:"moods"`
	RecordLabels        []recordLabel `xml:"recordLabels" json:"recordLabels"`
	DiscTitles          []discTitle   `xml:"discTitles" json:"discTitles"`
	ReleaseDate         *itemDate     `xml:"releaseDate,omitempty" json:"releaseDate,omitempty"`
	OriginalReleaseDate *itemDate     `xml:"originalReleaseDate,omitempty" json:"originalReleaseDate,omitempty"`
	// Song is set in getAlbum only.
	Song []child `xml:"song,omitempty" json:"song,omitempty"`
}

type artistID3 struct {
	ID            string `xml:"id,attr" json:"id"`
	Name          string `xml:"name,attr" json:"name"`
	CoverArt      string `xml:"coverArt,attr,omitempty" json:"coverArt,omitempty"`
	AlbumCount    int    `xml:"albumCount,attr" json:"albumCount"`
	Starred       *stamp `xml:"starred,attr,omitempty" json:"starred,omitempty"`
	UserRating    int    `xml:"userRating,attr" json:"userRating"`
	MusicBrainzID string `xml:"musicBrainzId,attr" json:"musicBrainzId"`
	SortName      string `xml:"sortName,attr" json:"sortName"`
}

// artistWithAlbums is getArtist's answer: its album list is there even
// when empty (an artist heard only on compilations), as the spec requires.
type artistWithAlbums struct {
	artistID3
	Album []albumID3 `xml:"album" json:"album"`
}

// artist is the folder-style artist of getIndexes, search2 and getStarred.
type artist struct {
	ID         string `xml:"id,attr" json:"id"`
	Name       string `xml:"name,attr" json:"name"`
	Starred    *stamp `xml:"starred,attr,omitempty" json:"starred,omitempty"`
	UserRating int    `xml:"userRating,attr,omitempty" json:"userRating,omitempty"`
}

type index struct {
	Name   string   `xml:"name,attr" json:"name"`
	Artist []artist `xml:"artist" json:"artist"`
}

type indexes struct {
	LastModified    int64   `xml:"lastModified,attr" json:"lastModified"`
	IgnoredArticles string  `xml:"ignoredArticles,attr" json:"ignoredArticles"`
	Index           []index `xml:"index,omitempty" json:"index,omitempty"`
}

type indexID3 struct {
	Name   string      `xml:"name,attr" json:"name"`
	Artist []artistID3 `xml:"artist" json:"artist"`
}

type artistsID3 struct {
	IgnoredArticles string     `xml:"ignoredArticles,attr" json:"ignoredArticles"`
	Index           []indexID3 `xml:"index,omitempty" json:"index,omitempty"`
}

type directory struct {
	ID        string  `xml:"id,attr" json:"id"`
	Parent    string  `xml:"parent,attr,omitempty" json:"parent,omitempty"`
	Name      string  `xml:"name,attr" json:"name"`
	Starred   *stamp  `xml:"starred,attr,omitempty" json:"starred,omitempty"`
	PlayCount int64   `xml:"playCount,attr,omitempty" json:"playCount,omitempty"`
	Child     []child `xml:"child,omitempty" json:"child,omitempty"`
}

type genre struct {
	Name       string `xml:",chardata" json:"value"`
	SongCount  int    `xml:"songCount,attr" json:"songCount"`
	AlbumCount int    `xml:"albumCount,attr" json:"albumCount"`
}

type genres struct {
	Genre []genre `xml:"genre,omitempty" json:"genre,omitempty"`
}

// artistInfo and albumInfo hold their facts as elements, as the schema has them.
type artistInfo struct {
	Biography      string      `xml:"biography,omitempty" json:"biography,omitempty"`
	MusicBrainzID  string      `xml:"musicBrainzId,omitempty" json:"musicBrainzId,omitempty"`
	SmallImageURL  string      `xml:"smallImageUrl,omitempty" json:"smallImageUrl,omitempty"`
	MediumImageURL string      `xml:"mediumImageUrl,omitempty" json:"mediumImageUrl,omitempty"`
	LargeImageURL  string      `xml:"largeImageUrl,omitempty" json:"largeImageUrl,omitempty"`
	SimilarArtist  []artistID3 `xml:"similarArtist,omitempty" json:"similarArtist,omitempty"`
}

type albumInfo struct {
	Notes          string `xml:"notes,omitempty" json:"notes,omitempty"`
	MusicBrainzID  string `xml:"musicBrainzId,omitempty" json:"musicBrainzId,omitempty"`
	SmallImageURL  string `xml:"smallImageUrl,omitempty" json:"smallImageUrl,omitempty"`
	MediumImageURL string `xml:"mediumImageUrl,omitempty" json:"mediumImageUrl,omitempty"`
	LargeImageURL  string `xml:"largeImageUrl,omitempty" json:"largeImageUrl,omitempty"`
}

type albumList struct {
	Album []child `xml:"album,omitempty" json:"album,omitempty"`
}

type albumList2 struct {
	Album []albumID3 `xml:"album,omitempty" json:"album,omitempty"`
}

type songs struct {
	Song []child `xml:"song,omitempty" json:"song,omitempty"`
}

// searchResult2 is also getStarred's answer, searchResult3 getStarred2's.
type searchResult2 struct {
	Artist []artist `xml:"artist,omitempty" json:"artist,omitempty"`
	Album  []child  `xml:"album,omitempty" json:"album,omitempty"`
	Song   []child  `xml:"song,omitempty" json:"song,omitempty"`
}

type searchResult3 struct {
	Artist []artistID3 `xml:"artist,omitempty" json:"artist,omitempty"`
	Album  []albumID3  `xml:"album,omitempty" json:"album,omitempty"`
	Song   []child     `xml:"song,omitempty" json:"song,omitempty"`
}

type playlist struct {
	ID        string `xml:"id,attr" json:"id"`
	Name      string `xml:"name,attr" json:"name"`
	Owner     string `xml:"owner,attr" json:"owner"`
	Public    bool   `xml:"public,attr" json:"public"`
	SongCount int    `xml:"songCount,attr" json:"songCount"`
	Duration  int    `xml:"duration,attr" json:"duration"`
	Created   stamp  `xml:"created,attr" json:"created"`
	Changed   stamp  `xml:"changed,attr" json:"changed"`
	CoverArt  string `xml:"coverArt,attr,omitempty" json:"coverArt,omitempty"`
	Comment   string `xml:"comment,attr,omitempty" json:"comment,omitempty"`
	// Readonly (OpenSubsonic): a smart playlist, whose songs come from rules.
	Readonly bool    `xml:"readonly,attr,omitempty" json:"readonly,omitempty"`
	Entry    []child `xml:"entry,omitempty" json:"entry,omitempty"`
}

type playlistList struct {
	Playlist []playlist `xml:"playlist,omitempty" json:"playlist,omitempty"`
}

type nowPlayingEntry struct {
	child
	Username   string `xml:"username,attr" json:"username"`
	MinutesAgo int    `xml:"minutesAgo,attr" json:"minutesAgo"`
	PlayerID   int    `xml:"playerId,attr" json:"playerId"`
	PlayerName string `xml:"playerName,attr,omitempty" json:"playerName,omitempty"`
}

type nowPlaying struct {
	Entry []nowPlayingEntry `xml:"entry,omitempty" json:"entry"` // [] when nobody plays: the spec requires it
}

type playQueue struct {
	Current   string  `xml:"current,attr,omitempty" json:"current,omitempty"`
	Position  int64   `xml:"position,attr" json:"position"`
	Username  string  `xml:"username,attr" json:"username"`
	Changed   stamp   `xml:"changed,attr" json:"changed"`
	ChangedBy string  `xml:"changedBy,attr" json:"changedBy"`
	Entry     []child `xml:"entry,omitempty" json:"entry,omitempty"`
}

type user struct {
	Username            string `xml:"username,attr" json:"username"`
	Email               string `xml:"email,attr,omitempty" json:"email,omitempty"`
	ScrobblingEnabled   bool   `xml:"scrobblingEnabled,attr" json:"scrobblingEnabled"`
	AdminRole           bool   `xml:"adminRole,attr" json:"adminRole"`
	SettingsRole        bool   `xml:"settingsRole,attr" json:"settingsRole"`
	DownloadRole        bool   `xml:"downloadRole,attr" json:"downloadRole"`
	UploadRole          bool   `xml:"uploadRole,attr" json:"uploadRole"`
	PlaylistRole        bool   `xml:"playlistRole,attr" json:"playlistRole"`
	CoverArtRole        bool   `xml:"coverArtRole,attr" json:"coverArtRole"`
	CommentRole         bool   `xml:"commentRole,attr" json:"commentRole"`
	PodcastRole         bool   `xml:"podcastRole,attr" json:"podcastRole"`
	StreamRole          bool   `xml:"streamRole,attr" json:"streamRole"`
	JukeboxRole         bool   `xml:"jukeboxRole,attr" json:"jukeboxRole"`
	ShareRole           bool   `xml:"shareRole,attr" json:"shareRole"`
	VideoConversionRole bool   `xml:"videoConversionRole,attr" json:"videoConversionRole"`
	Folder              []int  `xml:"folder" json:"folder"`
}

type internetRadioStation struct {
	ID          string `xml:"id,attr" json:"id"`
	Name        string `xml:"name,attr" json:"name"`
	StreamURL   string `xml:"streamUrl,attr" json:"streamUrl"`
	HomePageURL string `xml:"homePageUrl,attr,omitempty" json:"homePageUrl,omitempty"`
}

type internetRadioStations struct {
	InternetRadioStation []internetRadioStation `xml:"internetRadioStation,omitempty" json:"internetRadioStation,omitempty"`
}

type scanStatus struct {
	Scanning    bool   `xml:"scanning,attr" json:"scanning"`
	Count       int64  `xml:"count,attr" json:"count"`
	FolderCount int64  `xml:"folderCount,attr" json:"folderCount"`
	LastScan    *stamp `xml:"lastScan,attr,omitempty" json:"lastScan,omitempty"`
	// ElapsedTime is the last (or running) scan's duration in milliseconds.
	ElapsedTime int64 `xml:"elapsedTime,attr" json:"elapsedTime"`
}

type lyrics struct {
	Artist string `xml:"artist,attr,omitempty" json:"artist,omitempty"`
	Title  string `xml:"title,attr,omitempty" json:"title,omitempty"`
	Value  string `xml:",chardata" json:"value"`
}

type lyricLine struct {
	Start *int64 `xml:"start,attr,omitempty" json:"start,omitempty"`
	Value string `xml:",chardata" json:"value"`
}

type structuredLyrics struct {
	DisplayArtist string      `xml:"displayArtist,attr" json:"displayArtist"`
	DisplayTitle  string      `xml:"displayTitle,attr" json:"displayTitle"`
	Lang          string      `xml:"lang,attr" json:"lang"`
	Offset        int         `xml:"offset,attr" json:"offset"`
	Synced        bool        `xml:"synced,attr" json:"synced"`
	Line          []lyricLine `xml:"line" json:"line"`
}

type lyricsList struct {
	StructuredLyrics []structuredLyrics `xml:"structuredLyrics,omitempty" json:"structuredLyrics"`
}

// artistInfoFolder is getArtistInfo's answer: artistInfo2's facts with the
// similar artists in folder form.
type artistInfoFolder struct {
	Biography      string   `xml:"biography,omitempty" json:"biography,omitempty"`
	MusicBrainzID  string   `xml:"musicBrainzId,omitempty" json:"musicBrainzId,omitempty"`
	SmallImageURL  string   `xml:"smallImageUrl,omitempty" json:"smallImageUrl,omitempty"`
	MediumImageURL string   `xml:"mediumImageUrl,omitempty" json:"mediumImageUrl,omitempty"`
	LargeImageURL  string   `xml:"largeImageUrl,omitempty" json:"largeImageUrl,omitempty"`
	SimilarArtist  []artist `xml:"similarArtist,omitempty" json:"similarArtist,omitempty"`
}

type users struct {
	User []user `xml:"user" json:"user"`
}

type share struct {
	ID          string  `xml:"id,attr" json:"id"`
	URL         string  `xml:"url,attr" json:"url"`
	Description string  `xml:"description,attr,omitempty" json:"description,omitempty"`
	Username    string  `xml:"username,attr" json:"username"`
	Created     stamp   `xml:"created,attr" json:"created"`
	VisitCount  int     `xml:"visitCount,attr" json:"visitCount"`
	Entry       []child `xml:"entry" json:"entry"`
}

type shares struct {
	Share []share `xml:"share" json:"share"`
}

type bookmark struct {
	Position int64  `xml:"position,attr" json:"position"`
	Username string `xml:"username,attr" json:"username"`
	Comment  string `xml:"comment,attr,omitempty" json:"comment,omitempty"`
	Created  stamp  `xml:"created,attr" json:"created"`
	Changed  stamp  `xml:"changed,attr" json:"changed"`
	Entry    child  `xml:"entry" json:"entry"`
}

type bookmarks struct {
	Bookmark []bookmark `xml:"bookmark" json:"bookmark"`
}

// The lists of what Musicify does not have are always empty.
type podcasts struct {
	Channel []struct{} `xml:"channel" json:"channel"`
}

type newestPodcasts struct {
	Episode []struct{} `xml:"episode" json:"episode"`
}

type videos struct {
	Video []struct{} `xml:"video" json:"video"`
}

type chatMessages struct {
	ChatMessage []struct{} `xml:"chatMessage" json:"chatMessage"`
}

// playQueueByIndex is getPlayQueueByIndex's answer: the place of the song
// playing instead of its id.
type playQueueByIndex struct {
	CurrentIndex *int    `xml:"currentIndex,attr,omitempty" json:"currentIndex,omitempty"`
	Position     *int64  `xml:"position,attr,omitempty" json:"position,omitempty"`
	Username     string  `xml:"username,attr" json:"username"`
	Changed      stamp   `xml:"changed,attr" json:"changed"`
	ChangedBy    string  `xml:"changedBy,attr" json:"changedBy"`
	Entry        []child `xml:"entry,omitempty" json:"entry,omitempty"`
}

// tokenInfo is who an API key signs in as (apiKeyAuthentication).
type tokenInfo struct {
	Username string `xml:"username,attr" json:"username"`
}

// jukeboxStatus is where the jukebox is: currentIndex is 0-based in its
// playlist (-1 with none), gain its volume from 0 to 1, position seconds
// into the song.
type jukeboxStatus struct {
	CurrentIndex int     `xml:"currentIndex,attr" json:"currentIndex"`
	Playing      bool    `xml:"playing,attr" json:"playing"`
	Gain         float64 `xml:"gain,attr" json:"gain"`
	Position     int     `xml:"position,attr" json:"position"`
}

// jukeboxPlaylist is the status with the jukebox's songs (action get).
type jukeboxPlaylist struct {
	jukeboxStatus
	Entry []child `xml:"entry" json:"entry"`
}
