package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"io"
	"maps"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"slices"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// Limits of the parts of an upload other than the audio. One text field
// holds the longest lyrics the catalog accepts (catalog.TextMax characters
// of up to 4 bytes: 400,000 bytes); a form's text fields together stay
// under maxTextBytes.
const (
	maxCoverBytes = 20 << 20
	maxFieldBytes = 512 << 10
	maxTextBytes  = 640 << 10
)

// spooled is an uploaded file written to a temp file while it arrived.
type spooled struct {
	path   string
	size   int64
	sha256 string
}

// fileLimit bounds one file part of a form.
type fileLimit struct {
	max      int64
	tooLarge error
}

// form is a parsed multipart form: text fields in memory, files on disk.
type form struct {
	fields map[string]string
	files  map[string]*spooled
}

func (f *form) remove() {
	for _, sp := range f.files {
		if sp != nil {
			os.Remove(sp.path)
		}
	}
}

// file is a non-empty file part, or nil.
func (f *form) file(name string) *spooled {
	if sp := f.files[name]; sp != nil && sp.size > 0 {
		return sp
	}
	return nil
}

// readForm streams a multipart form: file parts named in limits go to temp
// files (never into memory), the text parts named in fields are bounded one
// by one and together, and any other part is refused, so a form of many
// made-up fields cannot fill memory. The caller removes the files.
func (s *Server) readForm(w http.ResponseWriter, r *http.Request, fields []string, limits map[string]fileLimit) (*form, error) {
	// A body over all limits together is refused with the message of the
	// largest part, the one that most likely made it too large.
	total, largest := int64(maxTextBytes), fileLimit{}
	for _, l := range limits {
		total += l.max
		if l.max > largest.max {
			largest = l
		}
	}
	tooLarge := largest.tooLarge
	if r.ContentLength > total {
		return nil, tooLarge // refuse before the browser sends it all
	}
	r.Body = http.MaxBytesReader(w, r.Body, total)
	mediaType, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/form-data" || params["boundary"] == "" {
		return nil, musicify.Errorf(musicify.EINVALID, "Send this as a multipart form.")
	}
	mr := multipart.NewReader(newPartHeaderCap(r.Body, params["boundary"], maxPartHeaderBytes), params["boundary"])
	f := &form{fields: map[string]string{}, files: map[string]*spooled{}}
	textLeft := int64(maxTextBytes)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return f, nil
		}
		if err == nil {
			name := part.FormName()
			if l, isFile := limits[name]; isFile {
				if f.files[name] == nil && part.FileName() != "" {
					f.files[name], err = s.spool(part, l.max, l.tooLarge)
				}
			} else if !slices.Contains(fields, name) {
				err = unknownField(name, fields, limits)
			} else if _, seen := f.fields[name]; !seen {
				f.fields[name], err = readField(part, textLeft)
				textLeft -= int64(len(f.fields[name]))
			}
			part.Close()
		}
		if err != nil {
			f.remove()
			return nil, uploadError(err, tooLarge)
		}
	}
}

// handleUpload takes a song: name, audio, optional cover and lyrics.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) error {
	f, err := s.readForm(w, r, []string{"song", "text"}, map[string]fileLimit{
		"audio": {s.MaxUploadMB << 20, musicify.Errorf(musicify.ETOOLARGE, "The upload is larger than the %d MB limit.", s.MaxUploadMB).In("audio")},
		"cover": {maxCoverBytes, musicify.Errorf(musicify.ETOOLARGE, "The cover is larger than %d MB.", maxCoverBytes>>20).In("cover")},
	})
	if err != nil {
		return err
	}
	defer f.remove()
	audio := f.file("audio")
	switch {
	case strings.TrimSpace(f.fields["song"]) == "":
		err = musicify.Errorf(musicify.EINVALID, "Please give the song a name (song).").In("song")
	case audio == nil:
		err = musicify.Errorf(musicify.EINVALID, "Please choose an audio file (audio).").In("audio")
	}
	if err != nil {
		return err
	}
	up := musicify.SongUpload{User: platform.UserOf(r), Name: f.fields["song"], Text: f.fields["text"],
		AudioPath: audio.path, SHA256: audio.sha256, Size: audio.size}
	if cover := f.file("cover"); cover != nil {
		up.CoverPath = cover.path
	}
	song, err := s.Library.Upload(r.Context(), up)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Message string     `json:"message"`
		Song    views.Song `json:"song"`
	}{"success", views.SongOf(song, s.viewerOf(r))})
	return nil
}

// readCoverForm reads a form whose file is a cover image. The caller
// removes the form's files.
func (s *Server) readCoverForm(w http.ResponseWriter, r *http.Request, fields ...string) (*form, *spooled, error) {
	f, err := s.readForm(w, r, fields, map[string]fileLimit{
		"cover": {maxCoverBytes, musicify.Errorf(musicify.ETOOLARGE, "The cover is larger than %d MB.", maxCoverBytes>>20).In("cover")},
	})
	if err != nil {
		return nil, nil, err
	}
	cover := f.file("cover")
	if cover == nil {
		f.remove()
		return nil, nil, musicify.Errorf(musicify.EINVALID, "Please choose an image (cover).").In("cover")
	}
	return f, cover, nil
}

// handleArtistCover sets the caller's artist cover (multipart: cover).
func (s *Server) handleArtistCover(w http.ResponseWriter, r *http.Request) error {
	f, cover, err := s.readCoverForm(w, r)
	if err != nil {
		return err
	}
	defer f.remove()
	a, err := s.Library.SetArtistCover(r.Context(), platform.UserOf(r), cover.path)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Message string       `json:"message"`
		Artist  views.Artist `json:"artist"`
	}{"success", views.ArtistOf(a)})
	return nil
}

// spool copies a file part to a temp file, hashing it on the way.
func (s *Server) spool(part *multipart.Part, limit int64, tooLarge error) (*spooled, error) {
	f, err := os.CreateTemp(s.SpoolDir, "upload-*")
	if err != nil {
		return nil, fmt.Errorf("spooling upload: %w", err)
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(part, limit+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	sp := &spooled{path: f.Name(), size: n, sha256: hex.EncodeToString(h.Sum(nil))}
	if err == nil && n > limit {
		err = tooLarge
	}
	if err != nil {
		os.Remove(f.Name())
		return nil, err
	}
	return sp, nil
}

// readField reads a text part of at most maxFieldBytes, and at most left
// bytes: what the form's earlier text fields did not use.
func readField(part *multipart.Part, left int64) (string, error) {
	b, err := io.ReadAll(io.LimitReader(part, min(maxFieldBytes, left)+1))
	if err != nil {
		return "", err
	}
	if len(b) > maxFieldBytes {
		return "", musicify.Errorf(musicify.ETOOLARGE, "The field %s is too long.", part.FormName())
	}
	if int64(len(b)) > left {
		return "", musicify.Errorf(musicify.ETOOLARGE, "The text fields of this form are too long together: at most %d KB.", maxTextBytes>>10)
	}
	return string(b), nil
}

// unknownField is the answer to a part the endpoint does not take.
func unknownField(name string, fields []string, limits map[string]fileLimit) error {
	known := slices.Concat(fields, slices.Sorted(maps.Keys(limits)))
	return musicify.Errorf(musicify.EINVALID, "This form has no field %q; it takes %s.", name, strings.Join(known, ", "))
}

// uploadError turns a failed read of the body into what the user should hear.
func uploadError(err, tooLarge error) error {
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr):
		return tooLarge
	case musicify.ErrorCode(err) != musicify.EINTERNAL:
		return err
	case errors.Is(err, io.ErrUnexpectedEOF), strings.Contains(err.Error(), "multipart"):
		return musicify.Errorf(musicify.EINVALID, "The upload was cut off. Please try again.")
	case errors.As(err, new(textproto.ProtocolError)), // a part's header is garbled
		strings.HasPrefix(err.Error(), "quotedprintable"): // or its body, so encoded
		return musicify.Errorf(musicify.EINVALID, "The upload is not a valid form.")
	}
	return err
}
