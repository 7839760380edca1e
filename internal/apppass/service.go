// Package apppass is the app passwords Subsonic clients sign in with: one
// per device, shown once, named, revocable. Web passwords stay argon2id and
// are never accepted here; the Subsonic token scheme needs the plain
// password on the server, so app passwords are kept encrypted under a key
// derived from the server secret instead of hashed.
package apppass

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/musicify"
)

// Store is what the service needs from the database.
type Store interface {
	musicify.AppPasswordStore
	UserByID(ctx context.Context, id string) (*musicify.User, error)
	UserByUsername(ctx context.Context, username string) (*musicify.User, error)
}

// Options tune a Service; zero values take production defaults.
type Options struct {
	Now func() time.Time // the clock, injectable for tests
	// Rates keeps the counts of the rate limits: the database when several
	// instances share the work; nil counts in this process.
	Rates  musicify.RateStore
	Logger *slog.Logger
}

// Service makes, lists and revokes app passwords, and checks the
// credentials of Subsonic clients against them.
type Service struct {
	store  Store
	seal   *sealer
	now    func() time.Time
	logger *slog.Logger
	limits limits
}

var _ musicify.AppPasswordChecker = (*Service)(nil)

// New makes the service. serverSecret is the server's secret key
// (MUSICIFY_SECRET_KEY, or the one generated into the database): changing
// it makes every app password unusable, as it should after a leak.
func New(store Store, serverSecret []byte, o Options) (*Service, error) {
	seal, err := newSealer(serverSecret)
	if err != nil {
		return nil, err
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{store: store, seal: seal, now: o.Now, logger: o.Logger, limits: newLimits(o.Rates, o.Now)}, nil
}

// Info is an app password as its owner sees it: never the secret.
type Info struct {
	ID         string
	Name       string
	CreatedAt  time.Time
	LastUsedAt time.Time // zero: never used
}

func infoOf(p *musicify.AppPassword) Info {
	return Info{ID: p.ID, Name: p.Name, CreatedAt: p.CreatedAt, LastUsedAt: p.LastUsedAt}
}

// Create makes an app password named name for userID, and returns the
// password: the only time it is shown.
func (s *Service) Create(ctx context.Context, userID, name string) (Info, string, error) {
	name, err := CleanName(name)
	if err != nil {
		return Info{}, "", err
	}
	password := NewPassword()
	p := &musicify.AppPassword{ID: musicify.NewID(), UserID: userID, Name: name, APIKeyHash: APIKeyHash(password),
		CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	p.Secret = s.seal.seal(password, rowData(p.ID, p.UserID))
	if err := s.store.CreateAppPassword(ctx, p, musicify.AppPasswordsMax); err != nil {
		return Info{}, "", err
	}
	return infoOf(p), password, nil
}

// List is userID's app passwords, newest first.
func (s *Service) List(ctx context.Context, userID string) ([]Info, error) {
	list, err := s.store.AppPasswords(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]Info, len(list))
	for i, p := range list {
		out[i] = infoOf(p)
	}
	return out, nil
}

// Revoke deletes userID's app password id at once: the next request of an
// app signed in with it is refused. Someone else's id is not found.
func (s *Service) Revoke(ctx context.Context, userID, id string) error {
	return s.store.DeleteAppPassword(ctx, userID, id)
}

// CleanName trims name and checks it is 1 to 64 characters without control
// characters.
func CleanName(name string) (string, error) {
	name = strings.TrimSpace(name)
	n := utf8.RuneCountInString(name)
	if n == 0 || n > musicify.AppPasswordNameMax || !utf8.ValidString(name) ||
		strings.ContainsFunc(name, unicode.IsControl) {
		return "", musicify.Errorf(musicify.EINVALID, musicify.MsgAppPasswordName).In("name")
	}
	return name, nil
}

// The password alphabet leaves out what reads alike (0/o, 1/l/i) and upper
// case, so a password typed on a phone from another screen comes out
// right. 24 characters of 31 are 118 bits.
const (
	alphabet       = "abcdefghjkmnpqrstuvwxyz23456789"
	passwordLength = 24
)

// NewPassword makes a random app password.
func NewPassword() string {
	// Rejection sampling keeps every character equally likely: bytes of
	// 248 and above (8 × 31) are drawn again.
	out := make([]byte, 0, passwordLength)
	buf := make([]byte, 2*passwordLength)
	for len(out) < passwordLength {
		if _, err := rand.Read(buf); err != nil {
			panic(err) // crypto/rand does not fail on supported platforms
		}
		for _, b := range buf {
			if int(b) < 8*len(alphabet) && len(out) < passwordLength {
				out = append(out, alphabet[int(b)%len(alphabet)])
			}
		}
	}
	return string(out)
}

// APIKeyHash is how an app password is found as an OpenSubsonic apiKey: a
// full-entropy secret needs no slow hash, only one a database leak cannot
// turn back into the key.
func APIKeyHash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// touchEvery bounds the writes of last use: an app sends its credentials
// with every request, and "last used" to the minute is all anyone reads.
const touchEvery = time.Minute

// touch records that p was used now, at most once per touchEvery. A failure
// is logged, not returned: it must not refuse a correct password.
func (s *Service) touch(ctx context.Context, p *musicify.AppPassword) {
	now := s.now()
	if !p.LastUsedAt.IsZero() && now.Sub(p.LastUsedAt) < touchEvery {
		return
	}
	if err := s.store.TouchAppPassword(ctx, p.ID, now); err != nil {
		s.logger.Warn("recording app password use", "id", p.ID, "err", fmt.Errorf("touch: %w", err))
	}
}
