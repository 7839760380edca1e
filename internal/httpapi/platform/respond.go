package platform

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// statusOf maps the domain's error codes to HTTP, in one place.
var statusOf = map[string]int{
	musicify.EINVALID:      http.StatusBadRequest,
	musicify.EUNAUTHORIZED: http.StatusUnauthorized,
	musicify.EFORBIDDEN:    http.StatusForbidden,
	musicify.ENOTFOUND:     http.StatusNotFound,
	musicify.ECONFLICT:     http.StatusConflict,
	musicify.ETOOLARGE:     http.StatusRequestEntityTooLarge,
	musicify.EUNSUPPORTED:  http.StatusUnsupportedMediaType,
	musicify.ERATELIMITED:  http.StatusTooManyRequests,
	musicify.EUNAVAILABLE:  http.StatusServiceUnavailable,
	musicify.ENOSPACE:      http.StatusInsufficientStorage,
	musicify.ETIMEOUT:      http.StatusRequestTimeout,
	musicify.EEXPIRED:      http.StatusGone,
	musicify.EINTERNAL:     http.StatusInternalServerError,
}

// errorStatus is the HTTP status of err.
func errorStatus(err error) int {
	if status, ok := statusOf[musicify.ErrorCode(err)]; ok {
		return status
	}
	return http.StatusInternalServerError
}

// WriteJSON writes v with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Message is the body of every answer that only needs to say something.
type Message struct {
	Message string `json:"message"`
}

// Success is the answer of a write that has nothing else to say.
var Success = Message{Message: "success"}

// WriteError answers with err's status and a sentence the user can act on.
// Causes are logged, never sent.
func (p *Platform) WriteError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		return // the client went away: nobody to answer, and nothing went wrong here
	}
	status := errorStatus(err)
	var e *musicify.Error
	errors.As(err, &e)
	if wait := musicify.ErrorRetryAfter(err); wait > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds()+0.999)))
	}
	switch {
	case status >= 500:
		p.Logger.Error("request failed", "method", r.Method, "path", r.URL.Path, "status", status, "err", err)
	case e != nil && e.Err != nil:
		p.Logger.Warn("request refused", "method", r.Method, "path", r.URL.Path, "status", status, "err", err)
	}
	WriteJSON(w, status, failure{Message: musicify.ErrorMessage(err), Field: musicify.ErrorField(err), Fields: musicify.ErrorFields(err)})
}

// failure is the body of every error answer: the sentence, and the input
// field it is about when there is one, so a form can show it there.
type failure struct {
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
	// Fields: every field refused, when there were several to tell at once.
	Fields map[string]string `json:"fields,omitempty"`
}

// MaxJSONBody bounds JSON request bodies; account calls are tiny.
const MaxJSONBody = 64 << 10

// DecodeJSON reads the JSON body into v, turning every malformed body into
// a 400 that says what is wrong.
func DecodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	return DecodeJSONUpTo(w, r, v, MaxJSONBody)
}

// DecodeJSONUpTo is DecodeJSON for a body that may reach limit bytes.
func DecodeJSONUpTo(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	err := json.NewDecoder(r.Body).Decode(v)
	var tooBig *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooBig):
		return musicify.Errorf(musicify.ETOOLARGE, "The request is too large.")
	case musicify.ErrorCode(err) == musicify.ETIMEOUT:
		return err // the body did not arrive in time (limitBodyTime)
	case errors.Is(err, io.EOF):
		return musicify.Errorf(musicify.EINVALID, "The request has no body; send JSON.")
	case errors.As(err, &typeErr):
		return musicify.Errorf(musicify.EINVALID, "The field %q has the wrong type.", typeErr.Field)
	default:
		return musicify.Errorf(musicify.EINVALID, "The request body is not valid JSON.")
	}
}

// ClientOf identifies the caller for rate limits. Behind a trusted proxy
// it is the address that proxy saw: X-Forwarded-For read from the right,
// over every line of the header (a client can send lines of its own
// before the proxy's), past the addresses of the proxies trusted.
func (p *Platform) ClientOf(r *http.Request) musicify.Client {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return musicify.Client{IP: host}
	}
	if p.TrustProxy && (len(p.TrustedProxies) == 0 || p.trusted(peer)) {
		var hops []string
		for _, line := range r.Header.Values("X-Forwarded-For") {
			hops = append(hops, strings.Split(line, ",")...)
		}
		for i := len(hops) - 1; i >= 0; i-- {
			ip, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break // not written by a proxy of ours: the peer is all we know
			}
			if len(p.TrustedProxies) == 0 || !p.trusted(ip) {
				return musicify.Client{IP: networkOf(ip)}
			}
		}
	}
	return musicify.Client{IP: networkOf(peer)}
}

// trusted says whether ip is one of the proxies in TrustedProxies.
func (p *Platform) trusted(ip netip.Addr) bool {
	ip = ip.Unmap()
	for _, p := range p.TrustedProxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// networkOf is the key rate limits count a client by: its IPv4 address, or
// the /64 of its IPv6 address, since one IPv6 subscriber holds a whole /64
// and could otherwise take a fresh address for every guess.
func networkOf(ip netip.Addr) string {
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	return netip.PrefixFrom(ip.WithZone(""), 64).Masked().String()
}

// NotFound answers an API path no route has.
func NotFound(w http.ResponseWriter, r *http.Request) error {
	return musicify.Errorf(musicify.ENOTFOUND, "There is no API call %s %s.", r.Method, r.URL.Path)
}

// IntParam reads an optional whole-number query parameter within [lo, hi].
func IntParam(r *http.Request, name string, lo, hi int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, musicify.Errorf(musicify.EINVALID, "%s must be a whole number from %d to %d.", name, lo, hi)
	}
	return n, nil
}

// LoopbackURL reports whether u names this machine: localhost, 127.0.0.0/8 or ::1.
func LoopbackURL(u *url.URL) bool {
	if u == nil {
		return false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}
