package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// Limits of the parts of an upload other than the audio.
const (
	maxCoverBytes = 20 << 20
	maxFieldBytes = 512 << 10
)

// spooled is an uploaded file written to a temp file while it arrived.
type spooled struct {
	path   string
	size   int64
	sha256 string
}

// handleUpload streams the multipart parts to temp files (never holding a
// file in memory), then hands them to the library, and removes the temp
// files whatever happens.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	limit := s.MaxUploadMB << 20
	tooLarge := musicify.Errorf(musicify.ETOOLARGE, "The upload is larger than the %d MB limit.", s.MaxUploadMB)
	if r.ContentLength > limit+maxCoverBytes+maxFieldBytes {
		s.writeError(w, r, tooLarge) // refuse before the browser sends it all
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit+maxCoverBytes+maxFieldBytes)
	mr, err := r.MultipartReader()
	if err != nil {
		s.writeError(w, r, musicify.Errorf(musicify.EINVALID, "Send the song as a multipart form (song, audio, cover, text)."))
		return
	}
	var name, text string
	var audio, cover *spooled
	defer func() {
		for _, f := range []*spooled{audio, cover} {
			if f != nil {
				os.Remove(f.path)
			}
		}
	}()
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			s.writeError(w, r, uploadError(err, tooLarge))
			return
		}
		switch part.FormName() {
		case "song":
			name, err = readField(part)
		case "text":
			text, err = readField(part)
		case "audio":
			if audio == nil && part.FileName() != "" {
				audio, err = s.spool(part, limit, tooLarge)
			}
		case "cover":
			if cover == nil && part.FileName() != "" {
				cover, err = s.spool(part, maxCoverBytes,
					musicify.Errorf(musicify.ETOOLARGE, "The cover is larger than %d MB.", maxCoverBytes>>20))
			}
		}
		part.Close()
		if err != nil {
			s.writeError(w, r, uploadError(err, tooLarge))
			return
		}
	}
	if strings.TrimSpace(name) == "" {
		s.writeError(w, r, musicify.Errorf(musicify.EINVALID, "Please give the song a name (song)."))
		return
	}
	if audio == nil || audio.size == 0 {
		s.writeError(w, r, musicify.Errorf(musicify.EINVALID, "Please choose an audio file (audio)."))
		return
	}
	up := musicify.SongUpload{User: userOf(r), Name: name, Text: text, AudioPath: audio.path, SHA256: audio.sha256, Size: audio.size}
	if cover != nil && cover.size > 0 {
		up.CoverPath = cover.path
	}
	song, err := s.Library.Upload(r.Context(), up)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Message string   `json:"message"`
		Song    songView `json:"song"`
	}{"success", songOf(song, userOf(r))})
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

func readField(part *multipart.Part) (string, error) {
	b, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
	if err != nil {
		return "", err
	}
	if len(b) > maxFieldBytes {
		return "", musicify.Errorf(musicify.ETOOLARGE, "The field %s is too long.", part.FormName())
	}
	return string(b), nil
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
	}
	return err
}
