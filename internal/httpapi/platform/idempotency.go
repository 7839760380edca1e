package platform

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// RequestKeys keeps the answers of writes sent with an Idempotency-Key,
// so that a repeat (the offline queue sending again a write whose answer
// it never got, two tabs sending one queue) changes nothing, on any
// instance (sqlstore.DB).
type RequestKeys interface {
	BeginRequest(ctx context.Context, userID, key string, now time.Time) (claimed bool, status int, body string, err error)
	FinishRequest(ctx context.Context, userID, key string, status int, body string) error
	AbandonRequest(ctx context.Context, userID, key string) error
}

var requestKey = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)

// keptAnswer is the longest answer kept for repeats; a longer one is
// replayed as its status alone.
const keptAnswer = 16 << 10

// once applies a signed-in person's write at most once per key: the first
// request runs and its answer is kept; a repeat gets that answer again
// (with Idempotent-Replayed: true); a repeat while the first still runs
// gets 409. A write that failed (5xx, or refused for the rate) is not
// kept, so it can be sent again.
func (p *Platform) once(w http.ResponseWriter, r *http.Request, u *musicify.User, key string, next http.HandlerFunc) {
	if !requestKey.MatchString(key) {
		p.WriteError(w, r, musicify.Errorf(musicify.EINVALID, "The Idempotency-Key header must be 1 to 128 letters, digits, '.', '_', ':' or '-'."))
		return
	}
	claimed, status, body, err := p.RequestKeys.BeginRequest(r.Context(), u.ID, key, p.Time())
	switch {
	case err != nil:
		p.WriteError(w, r, err)
		return
	case !claimed && status == 0:
		e := musicify.Errorf(musicify.ECONFLICT, "This change is being saved already; it counts once.")
		e.RetryAfter = time.Second
		p.WriteError(w, r, e)
		return
	case !claimed:
		w.Header().Set("Idempotent-Replayed", "true")
		if body != "" {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
		return
	}
	kept := &keptResponse{StatusRecorder: StatusRecorder{ResponseWriter: w}}
	finished := false
	defer func() {
		// Not on r's context: the answer must be kept even when the
		// client has gone, which is when a repeat comes.
		ctx := context.WithoutCancel(r.Context())
		var err error
		if !finished || kept.status() >= 500 || kept.status() == http.StatusTooManyRequests {
			err = p.RequestKeys.AbandonRequest(ctx, u.ID, key)
		} else {
			answer := ""
			if !kept.overflow {
				answer = string(kept.body)
			}
			err = p.RequestKeys.FinishRequest(ctx, u.ID, key, kept.status(), answer)
		}
		if err != nil {
			p.Logger.Warn("keeping the answer of a write with an Idempotency-Key", "err", err)
		}
	}()
	next(kept, r)
	finished = true
}

// keptResponse passes an answer on and keeps a copy of it.
type keptResponse struct {
	StatusRecorder
	body     []byte
	overflow bool
}

func (k *keptResponse) Write(p []byte) (int, error) {
	if len(k.body)+len(p) > keptAnswer {
		k.overflow = true
	} else if !k.overflow {
		k.body = append(k.body, p...)
	}
	return k.StatusRecorder.Write(p)
}

// ReadFrom sends a file's bytes as they are (sendfile) and keeps none:
// a repeat gets the status alone.
func (k *keptResponse) ReadFrom(src io.Reader) (int64, error) {
	k.overflow = true
	return k.StatusRecorder.ReadFrom(src)
}

func (k *keptResponse) status() int {
	if k.StatusRecorder.status == 0 {
		return http.StatusOK
	}
	return k.StatusRecorder.status
}
