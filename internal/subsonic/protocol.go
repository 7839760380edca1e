package subsonic

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Subsonic error codes.
const (
	errGeneric       = 0
	errMissing       = 10
	errClientOld     = 20
	errServerOld     = 30
	errWrongLogin    = 40
	errAuthConflict  = 43
	errWrongAPIKey   = 44
	errNotAuthorized = 50
	errNotFound      = 70
)

// apiError is an answer with status "failed".
type apiError struct {
	Code    int    `xml:"code,attr" json:"code"`
	Message string `xml:"message,attr" json:"message"`
	// retryAfter is sent as Retry-After when the caller is rate-limited.
	retryAfter time.Duration
}

func (e *apiError) Error() string { return fmt.Sprintf("subsonic error %d: %s", e.Code, e.Message) }

func missing(name string) error {
	return &apiError{Code: errMissing, Message: fmt.Sprintf("Required parameter %s is missing.", name)}
}

func notFound(what string) error {
	return &apiError{Code: errNotFound, Message: what}
}

// request is one call: its parameters, the format to answer in and, once
// authenticated, the caller.
type request struct {
	r      *http.Request
	params url.Values
	json   bool
	user   *musicify.User
	ann    *annotations // the caller's stars and ratings, read once when needed
}

func (q *request) ctx() context.Context { return q.r.Context() }

// maxForm bounds a POSTed form: a play queue of thousands of songs fits.
const maxForm = 4 << 20

// parse reads the parameters (query, then a POSTed form) and the format;
// the request it returns can always carry an error answer.
func (s *Server) parse(w http.ResponseWriter, r *http.Request) (*request, error) {
	q := &request{r: r, params: r.URL.Query()}
	q.json = q.params.Get("f") == "json"
	if r.Method == http.MethodPost {
		r.Body = http.MaxBytesReader(w, r.Body, maxForm)
		if err := r.ParseForm(); err != nil {
			return q, &apiError{Code: errGeneric, Message: "The form could not be read; send application/x-www-form-urlencoded under 4 MB."}
		}
		q.params = r.Form // the query and the body together
		q.json = q.params.Get("f") == "json"
	}
	return q, checkVersion(q.params.Get("v"))
}

// checkVersion refuses only the protocols we cannot speak: another major
// version. Every 1.x is accepted, newer minors included, because the
// Subsonic API only ever added calls and fields within 1.x: a client made
// for 1.17 speaks to a 1.16 server and reads the version in the answer. A
// missing version is forgiven for the same reason.
func checkVersion(v string) error {
	if v == "" {
		return nil
	}
	parts := strings.SplitN(v, ".", 3)
	major, err1 := strconv.Atoi(parts[0])
	var err2 error
	if len(parts) > 1 {
		_, err2 = strconv.Atoi(parts[1])
	}
	switch {
	case err1 != nil || err2 != nil:
		return &apiError{Code: errGeneric, Message: "The protocol version v=" + v + " is not a version such as 1.16.1."}
	case major < 1:
		return &apiError{Code: errClientOld, Message: "Incompatible Subsonic REST protocol version. Client must upgrade: this server speaks " + Version + "."}
	case major > 1:
		return &apiError{Code: errServerOld, Message: "Incompatible Subsonic REST protocol version. Server must upgrade: it speaks " + Version + "."}
	}
	return nil
}

func (q *request) str(name string) string { return strings.TrimSpace(q.params.Get(name)) }

func (q *request) all(name string) []string {
	var out []string
	for _, v := range q.params[name] {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

func (q *request) required(name string) (string, error) {
	v := q.str(name)
	if v == "" {
		return "", missing(name)
	}
	return v, nil
}

// int reads an integer parameter, def when absent.
func (q *request) int(name string, def int) (int, error) {
	v := q.str(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, &apiError{Code: errGeneric, Message: fmt.Sprintf("The parameter %s must be a whole number, not %q.", name, v)}
	}
	return n, nil
}

// count reads a page size: def when absent, at most limit, never negative.
func (q *request) count(name string, def, limit int) (int, error) {
	n, err := q.int(name, def)
	return min(max(n, 0), limit), err
}

func (q *request) bool(name string, def bool) bool {
	switch strings.ToLower(q.str(name)) {
	case "true", "1":
		return true
	case "false", "0":
		return false
	}
	return def
}

// newResponse is an empty "ok" answer.
func (s *Server) newResponse() *response {
	return &response{Xmlns: "http://subsonic.org/restapi", Status: "ok", Version: Version, Type: "musicify",
		ServerVersion: s.ServerVersion, OpenSubsonic: true}
}

// write encodes res in the format asked for. Answers are never cached:
// they depend on who asks.
func (s *Server) write(w http.ResponseWriter, q *request, res *response) {
	s.writeStatus(w, q, http.StatusOK, res)
}

func (s *Server) writeStatus(w http.ResponseWriter, q *request, status int, res *response) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	var body []byte
	var err error
	if q != nil && q.json {
		h.Set("Content-Type", "application/json; charset=utf-8")
		body, err = json.Marshal(map[string]*response{"subsonic-response": res})
	} else {
		h.Set("Content-Type", "text/xml; charset=utf-8")
		body, err = xml.Marshal(res)
		body = append([]byte(xml.Header), body...)
	}
	if err != nil {
		s.Logger.Error("encoding a subsonic answer", "err", err)
		http.Error(w, "encoding failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// writeError answers err as a "failed" response. Subsonic apps read the
// code from the body and ignore the HTTP status, which stays 200 as the
// reference server sends it; only calls that do not exist are 404.
func (s *Server) writeError(w http.ResponseWriter, q *request, err error) {
	if q != nil && errors.Is(err, context.Canceled) && q.r.Context().Err() != nil {
		return // the client went away
	}
	e := s.apiErrorOf(q, err)
	if e.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(e.retryAfter.Seconds()+0.999)))
	}
	res := s.newResponse()
	res.Status, res.Error = "failed", e
	status := http.StatusOK
	if e.Code == errNotFound && strings.HasPrefix(e.Message, "There is no API call") {
		status = http.StatusNotFound
	}
	s.writeStatus(w, q, status, res)
}

// apiErrorOf maps the domain's errors to Subsonic codes; causes are logged,
// never sent.
func (s *Server) apiErrorOf(q *request, err error) *apiError {
	var e *apiError
	if errors.As(err, &e) {
		return e
	}
	var me *musicify.Error
	msg := musicify.ErrorMessage(err)
	switch musicify.ErrorCode(err) {
	case musicify.ENOTFOUND:
		return &apiError{Code: errNotFound, Message: msg}
	case musicify.EFORBIDDEN:
		return &apiError{Code: errNotAuthorized, Message: msg}
	case musicify.EUNAUTHORIZED:
		return &apiError{Code: errWrongLogin, Message: "Wrong username or password."}
	case musicify.ERATELIMITED:
		out := &apiError{Code: errGeneric, Message: msg}
		if errors.As(err, &me) {
			out.retryAfter = me.RetryAfter
		}
		return out
	case musicify.EINVALID, musicify.ECONFLICT, musicify.ETOOLARGE, musicify.EUNSUPPORTED, musicify.EEXPIRED:
		return &apiError{Code: errGeneric, Message: msg}
	}
	path := ""
	if q != nil {
		path = q.r.URL.Path
	}
	s.Logger.Error("subsonic call failed", "path", path, "err", err)
	return &apiError{Code: errGeneric, Message: "Something went wrong. Please try again."}
}
