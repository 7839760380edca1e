package platform

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
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
	MaxCoverBytes = 20 << 20
	maxFieldBytes = 512 << 10
	maxTextBytes  = 640 << 10
)

// Spooled is an uploaded file written to a temp file while it arrived.
type Spooled struct {
	Path   string
	Size   int64
	SHA256 string
}

// FileLimit bounds one file part of a form.
type FileLimit struct {
	Max      int64
	TooLarge error
}

// Form is a parsed multipart form: text fields in memory, files on disk.
type Form struct {
	Fields map[string]string
	Files  map[string]*Spooled
}

// Remove deletes the form's files.
func (f *Form) Remove() {
	for _, sp := range f.Files {
		if sp != nil {
			os.Remove(sp.Path)
		}
	}
}

// File is a non-empty file part, or nil.
func (f *Form) File(name string) *Spooled {
	if sp := f.Files[name]; sp != nil && sp.Size > 0 {
		return sp
	}
	return nil
}

// ReadForm streams a multipart form: file parts named in limits go to temp
// files (never into memory), the text parts named in fields are bounded one
// by one and together, and any other part is refused, so a form of many
// made-up fields cannot fill memory. The caller removes the files.
func (p *Platform) ReadForm(w http.ResponseWriter, r *http.Request, fields []string, limits map[string]FileLimit) (*Form, error) {
	// A body over all limits together is refused with the message of the
	// largest part, the one that most likely made it too large.
	total, largest := int64(maxTextBytes), FileLimit{}
	for _, l := range limits {
		total += l.Max
		if l.Max > largest.Max {
			largest = l
		}
	}
	tooLarge := largest.TooLarge
	if r.ContentLength > total {
		return nil, tooLarge // refuse before the browser sends it all
	}
	r.Body = http.MaxBytesReader(w, r.Body, total)
	mediaType, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/form-data" || params["boundary"] == "" {
		return nil, musicify.Errorf(musicify.EINVALID, "Send this as a multipart form.")
	}
	mr := multipart.NewReader(newPartHeaderCap(r.Body, params["boundary"], maxPartHeaderBytes), params["boundary"])
	f := &Form{Fields: map[string]string{}, Files: map[string]*Spooled{}}
	textLeft := int64(maxTextBytes)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return f, nil
		}
		if err == nil {
			name := part.FormName()
			if l, isFile := limits[name]; isFile {
				if f.Files[name] == nil && part.FileName() != "" {
					f.Files[name], err = p.spool(part, l.Max, l.TooLarge)
				}
			} else if !slices.Contains(fields, name) {
				err = unknownField(name, fields, limits)
			} else if _, seen := f.Fields[name]; !seen {
				f.Fields[name], err = readField(part, textLeft)
				textLeft -= int64(len(f.Fields[name]))
			}
			part.Close()
		}
		if err != nil {
			f.Remove()
			return nil, uploadError(err, tooLarge)
		}
	}
}

// ReadCoverForm reads a form whose file is a cover image. The caller
// removes the form's files.
func (p *Platform) ReadCoverForm(w http.ResponseWriter, r *http.Request, fields ...string) (*Form, *Spooled, error) {
	f, err := p.ReadForm(w, r, fields, map[string]FileLimit{
		"cover": {Max: MaxCoverBytes, TooLarge: musicify.Errorf(musicify.ETOOLARGE, "The cover is larger than %d MB.", MaxCoverBytes>>20).In("cover")},
	})
	if err != nil {
		return nil, nil, err
	}
	cover := f.File("cover")
	if cover == nil {
		f.Remove()
		return nil, nil, musicify.Errorf(musicify.EINVALID, "Please choose an image (cover).").In("cover")
	}
	return f, cover, nil
}

// spool copies a file part to a temp file, hashing it on the way.
func (p *Platform) spool(part *multipart.Part, limit int64, tooLarge error) (*Spooled, error) {
	f, err := os.CreateTemp(p.SpoolDir, "upload-*")
	if err != nil {
		return nil, fmt.Errorf("spooling upload: %w", err)
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(part, limit+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	sp := &Spooled{Path: f.Name(), Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}
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
func unknownField(name string, fields []string, limits map[string]FileLimit) error {
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
