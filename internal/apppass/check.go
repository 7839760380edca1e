package apppass

import (
	"context"
	"crypto/md5"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
)

// Messages of CheckSubsonic, for the Subsonic error a client shows.
const (
	// MsgWrongCredentials says what people most often get wrong: they type
	// their web password into the app.
	MsgWrongCredentials = "Wrong username or app password. Subsonic apps sign in with an app password made in Settings, not with your Musicify password."
	MsgConflicting      = "Send either an API key, or a username with a password or token, not both."
	MsgMissing          = "Send a username (u) with a password (p) or a token (t) and salt (s), or an API key (apiKey)."
	MsgMissingSalt      = "Send the salt (s) with the token (t)."
	MsgDisabled         = "This account is disabled."
)

// CheckSubsonic returns the user whose app password c carries. It is the
// authentication of every /rest request, and implements
// musicify.AppPasswordChecker:
//
//   - c.APIKey (OpenSubsonic apiKey): the app password itself, found by its
//     SHA-256 without a username. With an API key, Username, Password,
//     Token and Salt must all be empty, else EINVALID with MsgConflicting
//     (OpenSubsonic error 43).
//   - c.Username with c.Token and c.Salt: t = hex md5(app password + salt),
//     in any case, compared with each of the user's app passwords. Without
//     a salt: EINVALID, MsgMissingSalt (Subsonic error 10). A token wins
//     over a password sent with it.
//   - c.Username with c.Password: the plain app password; the caller has
//     already decoded "enc:" hex.
//   - anything else: EINVALID, MsgMissing (Subsonic error 10).
//
// The account's web password is never accepted. Wrong credentials (an
// unknown user too) return EUNAUTHORIZED with MsgWrongCredentials
// (Subsonic error 40, or 44 for a wrong API key), and count against two
// limits shared like the login's: 10 per account from one network
// (clientAddr) and 60 from one network in 15 minutes. Past either,
// CheckSubsonic returns ERATELIMITED with RetryAfter before looking at the
// credentials, right or wrong. A disabled account will get EUNAUTHORIZED
// with MsgDisabled when an admin disabled the account. A store that does not answer is EUNAVAILABLE or an internal
// error: refuse the request without saying the credentials were wrong.
//
// clientAddr is the caller's network as rate limits count it: httpapi's
// clientOf(r).IP (the IPv4 address, or the /64 of an IPv6 address).
//
// Correct credentials cost two reads of the rate limit counts, the user
// and their app passwords, and a write of last use at most once a minute
// per app password.
func (s *Service) CheckSubsonic(ctx context.Context, c musicify.SubsonicCredentials, clientAddr string) (*musicify.User, error) {
	switch {
	case c.APIKey != "":
		if c.Username != "" || c.Password != "" || c.Token != "" || c.Salt != "" {
			return nil, musicify.Errorf(musicify.EINVALID, MsgConflicting)
		}
		return s.checkAPIKey(ctx, c.APIKey, clientAddr)
	case c.Username == "" || (c.Password == "" && c.Token == ""):
		return nil, musicify.Errorf(musicify.EINVALID, MsgMissing)
	case c.Token != "" && c.Salt == "":
		return nil, musicify.Errorf(musicify.EINVALID, MsgMissingSalt)
	}
	var match func(password string) bool
	if c.Token != "" {
		token := []byte(strings.ToLower(c.Token))
		match = func(password string) bool {
			sum := md5.Sum([]byte(password + c.Salt))
			return subtle.ConstantTimeCompare([]byte(hex.EncodeToString(sum[:])), token) == 1
		}
	} else {
		match = func(password string) bool {
			return subtle.ConstantTimeCompare([]byte(password), []byte(c.Password)) == 1
		}
	}
	return s.checkPassword(ctx, c.Username, clientAddr, match)
}

// checkPassword finds username's app password that match accepts.
func (s *Service) checkPassword(ctx context.Context, username, clientAddr string, match func(string) bool) (*musicify.User, error) {
	if err := s.limits.allowNetwork(ctx, clientAddr); err != nil {
		return nil, err
	}
	u, err := s.store.UserByUsername(ctx, username)
	if err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return nil, err
	}
	account := "login:" + strings.ToLower(username)
	if u != nil {
		account = "user:" + u.ID
	}
	pair := account + "|" + clientAddr
	failures, err := s.limits.allowPair(ctx, pair)
	if err != nil {
		return nil, err
	}
	var found *musicify.AppPassword
	if u != nil {
		list, err := s.store.AppPasswords(ctx, u.ID)
		if err != nil {
			return nil, err
		}
		// Every password is tried, whichever matches, so the time taken
		// does not tell how many a user has before the right one.
		for _, p := range list {
			plain, err := s.seal.open(p.Secret, rowData(p.ID, p.UserID))
			if err != nil {
				s.logger.Warn("an app password does not decrypt: was MUSICIFY_SECRET_KEY changed?", "id", p.ID)
				continue
			}
			if match(plain) && found == nil {
				found = p
			}
		}
	}
	if found == nil {
		return nil, s.limits.fail(ctx, pair, clientAddr)
	}
	if failures > 0 {
		// The owner is in; should forgetting fail, the count only runs out later.
		_ = s.limits.pair.Reset(ctx, pair)
	}
	return s.signIn(ctx, u, found)
}

// checkAPIKey finds the app password key is.
func (s *Service) checkAPIKey(ctx context.Context, key, clientAddr string) (*musicify.User, error) {
	if err := s.limits.allowNetwork(ctx, clientAddr); err != nil {
		return nil, err
	}
	hash := APIKeyHash(key)
	// An app that keeps sending a revoked key is stopped by its own count,
	// before it uses up its network's.
	pair := "apikey:" + hash[:32] + "|" + clientAddr
	if _, err := s.limits.allowPair(ctx, pair); err != nil {
		return nil, err
	}
	p, err := s.store.AppPasswordByAPIKeyHash(ctx, hash)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return nil, s.limits.fail(ctx, pair, clientAddr)
	} else if err != nil {
		return nil, err
	}
	// The lookup by hash is the check; opening the secret as well proves
	// the row was written under this server's key.
	if plain, err := s.seal.open(p.Secret, rowData(p.ID, p.UserID)); err != nil || subtle.ConstantTimeCompare([]byte(plain), []byte(key)) != 1 {
		s.logger.Warn("an app password does not decrypt: was MUSICIFY_SECRET_KEY changed?", "id", p.ID)
		return nil, s.limits.fail(ctx, pair, clientAddr)
	}
	u, err := s.store.UserByID(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	return s.signIn(ctx, u, p)
}

// signIn lets u in with p, unless the account may not sign in at all.
func (s *Service) signIn(ctx context.Context, u *musicify.User, p *musicify.AppPassword) (*musicify.User, error) {
	if err := refuseDisabled(u); err != nil {
		return nil, err
	}
	s.touch(ctx, p)
	return u, nil
}

// refuseDisabled turns away the library account (nobody signs in as it)
// and accounts an admin disabled.
func refuseDisabled(u *musicify.User) error {
	if u.ID == musicify.LibraryUserID {
		return musicify.Errorf(musicify.EUNAUTHORIZED, MsgWrongCredentials)
	}
	if u.Disabled {
		return musicify.Errorf(musicify.EUNAUTHORIZED, MsgDisabled)
	}
	return nil
}

// limits count wrong credentials, as the login's do: per account and
// network, and per network.
type limits struct {
	network, pair *auth.Limiter
}

const (
	limitWindow  = 15 * time.Minute
	limitPair    = 10
	limitNetwork = 60
)

func newLimits(rates musicify.RateStore, now func() time.Time) limits {
	return limits{
		network: auth.NewLimiter(rates, "subsonic-ip", limitNetwork, limitWindow, now),
		pair:    auth.NewLimiter(rates, "subsonic-pair", limitPair, limitWindow, now),
	}
}

// allowNetwork refuses a network that sent too many wrong credentials.
func (l limits) allowNetwork(ctx context.Context, addr string) error {
	wait, err := l.network.Check(ctx, addr)
	if err != nil {
		return limiterDown(err)
	} else if wait > 0 {
		return musicify.RateLimited("wrong app passwords from your network", wait)
	}
	return nil
}

// allowPair refuses an account (or API key) that had too many wrong
// credentials from this network, and otherwise says how many it had.
func (l limits) allowPair(ctx context.Context, pair string) (int, error) {
	// Count first: a correct password, nearly always, costs one read. Only
	// a full count asks how long to wait.
	n, err := l.pair.Count(ctx, pair)
	if err != nil {
		return 0, limiterDown(err)
	}
	if n < l.pair.Limit {
		return n, nil
	}
	wait, err := l.pair.Check(ctx, pair)
	if err != nil {
		return 0, limiterDown(err)
	} else if wait > 0 {
		return 0, musicify.RateLimited("wrong app passwords for this account from your network", wait)
	}
	return n, nil
}

// fail counts wrong credentials and says so.
func (l limits) fail(ctx context.Context, pair, addr string) error {
	_, errPair := l.pair.Take(ctx, pair)
	_, errNetwork := l.network.Take(ctx, addr)
	if err := errors.Join(errPair, errNetwork); err != nil {
		return limiterDown(err)
	}
	return musicify.Errorf(musicify.EUNAUTHORIZED, MsgWrongCredentials)
}

// limiterDown refuses a request whose attempt could not be counted, as the
// login does: failing closed locks out no one failing open would let in.
func limiterDown(err error) error {
	return &musicify.Error{Code: musicify.EUNAVAILABLE, Err: fmt.Errorf("counting attempts: %w", err),
		Message: "We could not check this request just now. Please try again in a moment."}
}
