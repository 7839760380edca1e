// Package mediaurl signs media URLs, so that a Range request is checked with
// one hash in memory instead of a session and a song lookup in the database.
//
// A URL names the blob, the user, the session that asked for it (by a hash
// that cannot be turned back into the cookie) and an expiry, all under an
// HMAC-SHA256 with the server's secret. Ending a session (logout, password
// reset) is told to every instance, which then refuses that session's URLs
// (Revocations); every other URL ends at its expiry.
package mediaurl

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"hash"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Prefix is where signed URLs are served: Prefix + blob key + query.
const Prefix = "/media/s/"

// Defaults: a URL lives six to seven hours, and every URL asked for within
// the same hour is the same URL, so browsers and proxies can cache it.
const (
	DefaultTTL   = 6 * time.Hour
	DefaultRound = time.Hour
)

// Claims is what a signed URL grants.
type Claims struct {
	Key     string // the blob: songs/<id>/<file>, radio/<id>/<file> or lib/<folder>/<path>
	User    string
	Session string // SessionID of the session that asked for the URL
	Since   int64  // when that session started, Unix milliseconds
	Expires int64  // Unix seconds
	Name    string // for a download, the attachment's file name; "" plays inline
}

// Signer makes and checks signed URLs.
type Signer struct {
	key []byte
	// TTL is the shortest life of a URL; Round is how long the same URL is
	// handed out (expiries are rounded up to it).
	TTL, Round time.Duration
	Now        func() time.Time
	// Revoked holds the sessions that ended while their URLs still live.
	Revoked *Revocations
}

// New derives the signing key from the server secret, so the same secret
// can key other things without one revealing the other.
func New(secret []byte, now func() time.Time) *Signer {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("musicify media url v1"))
	return &Signer{key: m.Sum(nil), TTL: DefaultTTL, Round: DefaultRound, Now: now,
		Revoked: NewRevocations(DefaultTTL+DefaultRound, now)}
}

// URL signs c. A zero Expires is set from the clock: the end of the Round
// after TTL, so every URL asked for within one Round is the same.
func (s *Signer) URL(c Claims) string {
	if c.Expires == 0 {
		round := int64(s.Round / time.Second)
		c.Expires = (s.Now().Add(s.TTL).Unix()/round + 1) * round
	}
	q := url.Values{}
	q.Set("u", c.User)
	q.Set("s", c.Session)
	q.Set("t", strconv.FormatInt(c.Since, 10))
	q.Set("exp", strconv.FormatInt(c.Expires, 10))
	if c.Name != "" {
		q.Set("dl", c.Name)
	}
	q.Set("sig", base64.RawURLEncoding.EncodeToString(s.mac(c)))
	return Prefix + Path(c.Key) + "?" + q.Encode()
}

// Path is key as a URL path: a library file's path in its folder is one
// escaped segment ("lib/<folder>/Artist%2FAlbum%2F01%20Song.flac"), so
// routes see kind, id and file as for every other blob.
func Path(key string) string {
	if !musicify.IsLibraryKey(key) {
		return key
	}
	id, rel, _ := strings.Cut(strings.TrimPrefix(key, musicify.LibraryKeyPrefix), "/")
	return musicify.LibraryKeyPrefix + id + "/" + url.PathEscape(rel)
}

// Verify checks a request for key with query q: the signature first (in
// constant time), then the expiry, then whether the session has ended.
func (s *Signer) Verify(key string, q url.Values) (Claims, error) {
	invalid := musicify.Errorf(musicify.EFORBIDDEN, "This media link is not valid. Open the song in Musicify again.")
	since, err1 := strconv.ParseInt(q.Get("t"), 10, 64)
	exp, err2 := strconv.ParseInt(q.Get("exp"), 10, 64)
	sig, err3 := base64.RawURLEncoding.DecodeString(q.Get("sig"))
	if err1 != nil || err2 != nil || err3 != nil {
		return Claims{}, invalid
	}
	c := Claims{Key: key, User: q.Get("u"), Session: q.Get("s"), Since: since, Expires: exp, Name: q.Get("dl")}
	if !hmac.Equal(sig, s.mac(c)) {
		return Claims{}, invalid
	}
	if s.Now().Unix() >= c.Expires {
		return c, musicify.Errorf(musicify.EEXPIRED, "This media link has expired. Open the song in Musicify again.")
	}
	if s.Revoked != nil && s.Revoked.Refuses(c) {
		return c, musicify.Errorf(musicify.EFORBIDDEN, "This media link ended with the session that made it. Sign in and open the song again.")
	}
	return c, nil
}

// End refuses the URLs of the sessions e ended, here and at once. Every
// instance, this one included, also learns of them from the event the
// store wrote with the change (musicify.EventSessionsEnded). A nil Signer
// hands out no URLs and has none to end.
func (s *Signer) End(e musicify.Event) {
	if s != nil && s.Revoked != nil {
		s.Revoked.Apply(e)
	}
}

// mac covers every claim, each preceded by its length so no two claim sets
// hash the same bytes.
func (s *Signer) mac(c Claims) []byte {
	m := hmac.New(sha256.New, s.key)
	for _, f := range []string{c.Key, c.User, c.Session, strconv.FormatInt(c.Since, 10), strconv.FormatInt(c.Expires, 10), c.Name} {
		field(m, f)
	}
	return m.Sum(nil)
}

func field(h hash.Hash, f string) { fmt.Fprintf(h, "%d:%s", len(f), f) }
