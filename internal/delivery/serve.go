package delivery

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// Stored is a stored file to send, and the headers it goes with.
type Stored struct {
	Key, ContentType string
	// ETag is the file's version; "" makes one from its time and size.
	ETag         string
	CacheControl string
}

// Sign makes a short-lived URL at which the storage itself serves key (with
// that type and disposition).
type Sign func(ctx context.Context, key, contentType, disposition string) (string, error)

// Serve sends a stored file, the one way every caller does (the web app's
// media, signed URLs, Subsonic's streams, downloads and covers). With sign,
// the client is sent to the storage, which answers Range itself (library
// files stay on this machine and are served here). Otherwise the bytes go
// with Range and conditional requests, a Range that Unsatisfiable refuses
// answered 416, and a local file through sendfile. An error from opening
// the file is returned with nothing written, for the caller's error answer.
func Serve(w http.ResponseWriter, r *http.Request, blobs musicify.BlobStore, sign Sign, f Stored) error {
	if sign != nil && !musicify.IsLibraryKey(f.Key) {
		u, err := sign(r.Context(), f.Key, f.ContentType, w.Header().Get("Content-Disposition"))
		if err != nil {
			return err
		}
		// The redirect is not cached: the URL expires.
		w.Header().Del("Content-Disposition")
		w.Header().Set("Cache-Control", "private, no-store")
		http.Redirect(w, r, u, http.StatusFound)
		return nil
	}
	obj, err := blobs.Open(r.Context(), f.Key)
	if err != nil {
		return err
	}
	defer obj.Body.Close()
	if Refuse(w, r, obj.Size) {
		return nil
	}
	etag := f.ETag
	if etag == "" {
		etag = fmt.Sprintf(`"%x-%x"`, obj.ModTime.UnixNano(), obj.Size)
	}
	h := w.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("ETag", etag)
	h.Set("Cache-Control", f.CacheControl)
	h.Set("Accept-Ranges", "bytes")
	// ServeContent answers Range (206/416) and conditional requests; a
	// local file leaves through sendfile (seeklessFile keeps that).
	var body io.ReadSeeker = obj.Body
	if file, ok := obj.Body.(*os.File); ok {
		body = &seeklessFile{f: file, size: obj.Size}
	}
	http.ServeContent(w, r, "", obj.ModTime, body)
	return nil
}

// Refuse answers 416, with a plain sentence that says why (a player or a
// Subsonic app reads no JSON here), to a Range header Unsatisfiable refuses
// for a file of size bytes, and reports whether it did. Files sent from
// memory (a resized cover) ask it before ServeContent.
func Refuse(w http.ResponseWriter, r *http.Request, size int64) bool {
	msg := Unsatisfiable(r.Header.Get("Range"), size)
	if msg == "" {
		return false
	}
	w.Header().Set("Content-Range", "bytes */"+strconv.FormatInt(size, 10))
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, msg, http.StatusRequestedRangeNotSatisfiable)
	return true
}

// Store is the storage the HTTP areas serve files from.
type Store struct {
	Blobs musicify.BlobStore
	// Sign, when set, sends clients to the storage itself (Serve).
	Sign   Sign
	Logger *slog.Logger
}

// Serve sends f from the store. rowNamesIt says a database row points at
// f, so a missing file is a broken promise worth logging.
func (s *Store) Serve(w http.ResponseWriter, r *http.Request, f Stored, rowNamesIt bool) error {
	err := Serve(w, r, s.Blobs, s.Sign, f)
	if err != nil && rowNamesIt && musicify.ErrorCode(err) == musicify.ENOTFOUND {
		s.Logger.Error("a row points at a missing file", "key", f.Key)
	}
	return err
}

// Immutable is the caching of media whose URL names content that never changes.
const Immutable = "max-age=31536000, immutable"

// Attachment builds a Content-Disposition that every browser reads right:
// an ASCII filename for old ones and the exact UTF-8 name for the rest.
func Attachment(name string) string {
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`/\`, r) {
			return '_'
		}
		return r
	}, name)
	ascii := strings.Map(func(r rune) rune {
		if r > 0x7e || r == '"' {
			return '_'
		}
		return r
	}, name)
	var enc strings.Builder
	for _, b := range []byte(name) {
		if b < 0x80 && (b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("!#$&+-.^_`|~", b) >= 0) {
			enc.WriteByte(b)
		} else {
			fmt.Fprintf(&enc, "%%%02X", b)
		}
	}
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, ascii, enc.String())
}
