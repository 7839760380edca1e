package media

import (
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// handleSongFile streams a song's audio (original or rendition) with Range
// support, from the file itself so the kernel can send it (sendfile).
func (s *API) handleSongFile(w http.ResponseWriter, r *http.Request) error {
	song, err := s.Songs.Song(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	file := r.PathValue("file")
	key := ""
	for _, k := range []string{song.AudioKey, song.StreamKey} {
		if k != "" && path.Base(k) == file {
			key = k
		}
	}
	if key == "" {
		return musicify.Errorf(musicify.ENOTFOUND, "This song has no file %s.", file)
	}
	return s.Files.Serve(w, r, delivery.Stored{Key: key, ContentType: media.MIME(strings.TrimPrefix(path.Ext(file), ".")),
		ETag: `"` + song.SHA256[:24] + "-" + file + `"`, CacheControl: "private, " + delivery.Immutable}, true)
}

// handleDownload sends the original bytes as an attachment named after the song.
func (s *API) handleDownload(w http.ResponseWriter, r *http.Request) error {
	song, err := s.Songs.Song(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Disposition", delivery.Attachment(song.Name+"."+media.Ext(song.Format)))
	return s.Files.Serve(w, r, delivery.Stored{Key: song.AudioKey, ContentType: media.MIME(song.Format),
		ETag: `"` + song.SHA256[:24] + `-download"`, CacheControl: "private, " + delivery.Immutable}, true)
}

// handleLibraryFile streams a library file at its session-checked URL:
// every signed-in user can play the library, and only the songs imported
// from it are served, never another file that happens to be in a folder.
func (s *API) handleLibraryFile(w http.ResponseWriter, r *http.Request) error {
	song, err := s.Songs.SongByLibraryPath(r.Context(), r.PathValue("folder")+"/"+r.PathValue("file"))
	if err != nil || song.Missing {
		return musicify.Errorf(musicify.ENOTFOUND, "There is no such media.")
	}
	return s.Files.Serve(w, r, delivery.Stored{Key: song.AudioKey, ContentType: media.MIME(song.Format), CacheControl: "private, no-cache"}, true)
}

var coverFile = regexp.MustCompile(`^([0-9a-f]{24})-(640|320|160)\.(jpg|webp)$`)

// handleCover serves cover images. They are public: shared links show them.
// Sizes and formats the upload did not store are made on first request.
func (s *API) handleCover(w http.ResponseWriter, r *http.Request) error {
	file := r.PathValue("file")
	m := coverFile.FindStringSubmatch(file)
	if m == nil {
		return musicify.Errorf(musicify.ENOTFOUND, "There is no such cover.")
	}
	size, _ := strconv.Atoi(m[2])
	key, contentType, err := s.coverVariants().Open(r.Context(), "covers/"+m[1], size, m[3])
	if err != nil {
		return err
	}
	// The ETag names what is sent: a WebP URL answered with the JPEG (no
	// encoder) must not match a later WebP.
	return s.Files.Serve(w, r, delivery.Stored{Key: key, ContentType: contentType, ETag: `"` + path.Base(key) + `"`, CacheControl: "public, " + delivery.Immutable}, false)
}

// coverVariants is Covers, or (without one) a JPEG-only renderer.
func (s *API) coverVariants() *covers.Variants {
	s.coversOnce.Do(func() {
		if s.Covers == nil {
			s.Covers = &covers.Variants{Blobs: s.Blobs}
		}
	})
	return s.Covers
}
