// Package subsonic serves the Subsonic API 1.16.1 with the OpenSubsonic
// extensions at /rest, so every Subsonic app (Symfonium, DSub, Feishin,
// Supersonic…) can browse, search, stream and star on Musicify.
//
// Ids: songs and playlists go by their own ids; albums are "al-<id>" and
// artists "ar-<id>", so that getCoverArt, getMusicDirectory and star can
// tell what an id names without asking the database; playlist covers are
// "pl-<id>". Endpoints that only take album (or artist) ids also accept
// them without the prefix.
package subsonic

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/connect"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
	"github.com/musicify/musicify/internal/social"
)

// Version is the Subsonic API version served.
const Version = "1.16.1"

// Finder is the typo-tolerant search (search.Service).
type Finder interface {
	Find(ctx context.Context, kind, text string, limit int) ([]string, error)
}

// SongsLike finds the songs like some songs (recommend.Like), so that
// getSimilarSongs2 lists what the web and the assistant list.
type SongsLike interface {
	Songs(ctx context.Context, seedIDs []string, n int) ([]*musicify.Song, error)
}

// Server answers /rest. Nil optional fields switch their endpoints off
// (they answer "not found") or, for Scanner, report no library scan.
type Server struct {
	Auth      musicify.AppPasswordChecker
	Users     musicify.UserStore // getUsers and others' avatars; nil lists the caller only
	Songs     musicify.SongStore
	Albums    musicify.AlbumStore
	Catalog   musicify.Catalog // counts scrobbled plays like the web player
	Playlists *playlists.Service
	// Mixes are listed among the caller's playlists, read-only; nil: none.
	Mixes  *mixes.Service
	Social *social.Service // stars of songs are likes
	Search Finder
	// Store keeps stars of albums and artists, ratings and play queues.
	Store    musicify.SubsonicStore
	Like     SongsLike
	Stations musicify.StationStore
	Scanner  musicify.Scanner // nil without library folders
	Blobs    musicify.BlobStore
	// SignMedia, when set, sends streams and downloads of originals to a
	// signed URL at the storage (see httpapi.Server.SignMedia).
	SignMedia func(ctx context.Context, key, contentType, disposition string) (string, error)
	// Media signs the radio stations' stream URLs; without it they point at
	// the session-checked URL, which Subsonic apps cannot open.
	Media *mediaurl.Signer
	// Devices are the people's devices (Connect): jukeboxControl plays on
	// one of the caller's. Nil: there is no jukebox.
	Devices *connect.Service
	// DeviceChanges bounds each person's jukebox commands, on the budget
	// the web's commands between devices count against; nil: no bound.
	DeviceChanges *auth.Limiter
	// FFmpeg transcodes streams; nil serves originals only.
	FFmpeg *media.FFmpeg
	// ClientAddr is the caller's address as the rate limits count it
	// (httpapi.Server.ClientAddr, which honours TrustProxy).
	ClientAddr func(*http.Request) string
	BaseURL    *url.URL
	// IgnoredArticles are the articles artists are indexed without
	// (MUSICIFY_IGNORED_ARTICLES), space-separated; "" is the default.
	IgnoredArticles string
	ServerVersion   string
	Logger          *slog.Logger
	Now             func() time.Time

	playing nowPlayingList
	once    sync.Once
	mux     map[string]endpoint
}

// endpoint answers one call. It returns the response to encode, or nil
// when it wrote the answer itself (media).
type endpoint func(w http.ResponseWriter, q *request) (*response, error)

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// ServeHTTP answers /rest/<call> and /rest/<call>.view, by GET with the
// parameters in the query or by POST with them in a form (formPost).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.once.Do(s.routes)
	// Apps in a browser (Feishin web, Airsonic Refix) call from their own
	// origin; every call carries its own credentials, never a cookie, so
	// any origin may read the answers.
	w.Header().Set("Access-Control-Allow-Origin", "*")
	if r.Method == http.MethodOptions {
		w.Header().Set("Access-Control-Allow-Methods", "GET, POST, HEAD")
		w.Header().Set("Access-Control-Allow-Headers", "Content-Type, Range")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	q, err := s.parse(w, r)
	if err != nil {
		s.writeError(w, q, err)
		return
	}
	name := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/rest/"), ".view")
	handle, ok := s.mux[name]
	if !ok {
		s.writeError(w, q, &apiError{Code: errNotFound, Message: "There is no API call " + name + "."})
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodPost && r.Method != http.MethodHead {
		s.writeError(w, q, &apiError{Code: errGeneric, Message: "Call the API with GET or POST."})
		return
	}
	if name != "getOpenSubsonicExtensions" || hasCredentials(q.params) {
		if q.user, err = s.authenticate(q); err != nil {
			s.writeError(w, q, err)
			return
		}
	}
	res, err := handle(w, q)
	if err != nil {
		s.writeError(w, q, err)
		return
	}
	if res != nil {
		s.write(w, q, res)
	}
}

func (s *Server) routes() {
	s.mux = map[string]endpoint{
		"ping":                      s.ping,
		"getLicense":                s.getLicense,
		"getOpenSubsonicExtensions": s.getOpenSubsonicExtensions,
		"getMusicFolders":           s.getMusicFolders,
		"getIndexes":                s.getIndexes,
		"getMusicDirectory":         s.getMusicDirectory,
		"getArtists":                s.getArtists,
		"getArtist":                 s.getArtist,
		"getArtistInfo2":            s.getArtistInfo2,
		"getAlbum":                  s.getAlbum,
		"getAlbumInfo2":             s.getAlbumInfo2,
		"getSong":                   s.getSong,
		"getGenres":                 s.getGenres,
		"getAlbumList":              s.getAlbumList,
		"getAlbumList2":             s.getAlbumList2,
		"getRandomSongs":            s.getRandomSongs,
		"getSongsByGenre":           s.getSongsByGenre,
		"getTopSongs":               s.getTopSongs,
		"getSimilarSongs2":          s.getSimilarSongs2,
		"search2":                   s.search2,
		"search3":                   s.search3,
		"getPlaylists":              s.getPlaylists,
		"getPlaylist":               s.getPlaylist,
		"createPlaylist":            s.createPlaylist,
		"updatePlaylist":            s.updatePlaylist,
		"deletePlaylist":            s.deletePlaylist,
		"stream":                    s.stream,
		"download":                  s.download,
		"getCoverArt":               s.getCoverArt,
		"getLyrics":                 s.getLyrics,
		"getLyricsBySongId":         s.getLyricsBySongID,
		"star":                      s.star,
		"unstar":                    s.unstar,
		"getStarred":                s.getStarred,
		"getStarred2":               s.getStarred2,
		"setRating":                 s.setRating,
		"scrobble":                  s.scrobble,
		"getNowPlaying":             s.getNowPlaying,
		"getPlayQueue":              s.getPlayQueue,
		"savePlayQueue":             s.savePlayQueue,
		"getUser":                   s.getUser,
		"getInternetRadioStations":  s.getInternetRadioStations,
		"startScan":                 s.startScan,
		"getScanStatus":             s.getScanStatus,
		"getArtistInfo":             s.getArtistInfo,
		"getAlbumInfo":              s.getAlbumInfo,
		"getSimilarSongs":           s.getSimilarSongs,
		"getUsers":                  s.getUsers,
		"getAvatar":                 s.getAvatar,
		"getShares":                 s.getShares,
		"createShare":               s.createShare,
		"getBookmarks":              s.getBookmarks,
		"createBookmark":            s.createBookmark,
		"deleteBookmark":            s.deleteBookmark,
		"getPodcasts":               s.getPodcasts,
		"getNewestPodcasts":         s.getNewestPodcasts,
		"getVideos":                 s.getVideos,
		"getChatMessages":           s.getChatMessages,
		"getPlayQueueByIndex":       s.getPlayQueueByIndex,
		"tokenInfo":                 s.tokenInfo,
		"savePlayQueueByIndex":      s.savePlayQueueByIndex,
	}
	for name, why := range unsupported {
		s.mux[name] = notSupported(why)
	}
	if s.Devices != nil {
		s.mux["jukeboxControl"] = s.jukeboxControl
	}
}
