package platform

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Defaults of the body time limits; the Platform's fields override them.
const (
	defaultBodyTimeout   = 10 * time.Second
	defaultUploadMinRate = 16 << 10 // bytes a second
	defaultUploadWindow  = 30 * time.Second
)

// limitBodyTime cuts off a client that sends its body too slowly, which
// would otherwise hold a connection (and a file descriptor) for as long as
// it likes: a JSON body must arrive within BodyTimeout, an upload (a
// multipart form) must keep UploadMinRate over every UploadWindow.
func (p *Platform) limitBodyTime(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		rc := http.NewResponseController(w)
		if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
			b := &minRateBody{ReadCloser: r.Body, rc: rc, now: p.Time,
				rate: OrDefault(p.UploadMinRate, defaultUploadMinRate), window: OrDefault(p.UploadWindow, defaultUploadWindow)}
			b.begin()
			r.Body = b
		} else if rc.SetReadDeadline(time.Now().Add(OrDefault(p.BodyTimeout, defaultBodyTimeout))) == nil {
			r.Body = &deadlineBody{ReadCloser: r.Body, rc: rc}
		}
		next.ServeHTTP(w, r)
	})
}

// deadlineBody turns the connection's read deadline into a 408 and lifts
// the deadline once the body is in, so that the server's own read that
// follows (which watches for the client leaving) does not end a slow handler.
type deadlineBody struct {
	io.ReadCloser
	rc *http.ResponseController
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	switch {
	case err == io.EOF:
		_ = b.rc.SetReadDeadline(time.Time{})
	case errors.Is(err, os.ErrDeadlineExceeded):
		err = &musicify.Error{Code: musicify.ETIMEOUT, Err: err,
			Message: "The request took too long to arrive. Please check your connection and try again."}
	}
	return n, err
}

// minRateBody fails an upload that sends fewer than rate bytes a second over
// a window, judged on the clock now; a client that sends nothing at all is
// cut off by a read deadline two windows away, on the real clock.
type minRateBody struct {
	io.ReadCloser
	rc     *http.ResponseController
	now    func() time.Time
	rate   int64
	window time.Duration

	start time.Time
	n     int64 // bytes since start
	err   error
}

func (b *minRateBody) begin() {
	b.start, b.n = b.now(), 0
	_ = b.rc.SetReadDeadline(time.Now().Add(2 * b.window))
}

func (b *minRateBody) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.ReadCloser.Read(p)
	b.n += int64(n)
	switch {
	case err == io.EOF:
		_ = b.rc.SetReadDeadline(time.Time{})
	case errors.Is(err, os.ErrDeadlineExceeded):
		b.err = b.tooSlow(err)
	case err == nil && b.now().Sub(b.start) >= b.window:
		if b.n < b.rate*int64(b.window)/int64(time.Second) {
			b.err = b.tooSlow(nil)
		} else {
			b.begin()
		}
	}
	if b.err != nil {
		return n, b.err
	}
	return n, err
}

// tooSlow also ends reading at once: the server would otherwise read what
// is left of the body, as slowly as it comes, before it answers.
func (b *minRateBody) tooSlow(cause error) error {
	_ = b.rc.SetReadDeadline(time.Unix(1, 0))
	return &musicify.Error{Code: musicify.ETIMEOUT, Err: cause, Message: fmt.Sprintf(
		"The upload was too slow (under %d KB a second over %s). Please try again on a faster connection.",
		b.rate>>10, musicify.HumanDuration(b.window))}
}

// OrDefault is v, or def when v is not set.
func OrDefault[T int64 | time.Duration](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}
