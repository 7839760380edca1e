// Package auth is the account life cycle: argon2id passwords, mailed
// one-time codes verified on the server, database sessions, rate limits and
// sign-in through an OpenID Connect provider.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Rules of codes and sessions.
const (
	CodeTTL         = 10 * time.Minute
	CodeMaxAttempts = 5
	SessionTTL      = 30 * 24 * time.Hour
	// sessionTouchEvery bounds writes: a session in use slides its expiry at
	// most once per interval, not on every request.
	sessionTouchEvery = time.Hour
)

// Store is what the service needs from the database.
type Store interface {
	musicify.UserStore
	musicify.SessionStore
	musicify.CodeStore
	// CreateAccount and InviteByTokenHash are of musicify.AdminStore: a
	// new account may use up an invitation and become the first admin.
	CreateAccount(ctx context.Context, u *musicify.User, g musicify.AccountGrant) error
	InviteByTokenHash(ctx context.Context, tokenHash string, now time.Time) (*musicify.Invite, error)
}

// Service implements musicify.AccountService.
type Service struct {
	store   Store
	mailer  musicify.Mailer
	hash    Argon2Params
	now     func() time.Time
	baseURL string

	loginIP, loginPair         *Limiter
	loginAccount               *Limiter // counts wrong passwords, for loginDelay
	sleep                      func(context.Context, time.Duration) error
	pool                       *hashPool
	codeSendIP, codeSendEmail  *Limiter
	codeSendPair               *Limiter
	loginQueue                 *Limiter // the turns of an account's delayed password checks
	codeSendBurst, codeCheckIP *Limiter
	codeCheckEmail             *Limiter
	dummyOnce                  sync.Once
	dummyHash                  string
	firstAdmin                 bool // no MUSICIFY_ADMIN: the first person to sign up is the admin
	signup                     func(context.Context) (musicify.SignupMode, error)
}

var _ musicify.AccountService = (*Service)(nil)

// Options tune a Service; zero values take production defaults.
type Options struct {
	Hash    Argon2Params     // cost of password and code hashes
	Now     func() time.Time // the clock, injectable for tests
	BaseURL string           // the public URL, written in mails
	// Sleep waits out a login delay; nil waits on a timer. Tests record it.
	Sleep func(context.Context, time.Duration) error
	// HashWorkers and HashQueue size the argon2id pool: runs at once
	// (default the CPUs) and callers waiting (default 4 per worker).
	HashWorkers, HashQueue int
	// Rates keeps the counts of the rate limits: the database when several
	// instances share the work; nil counts in this process.
	Rates musicify.RateStore
	// Admins are the usernames of MUSICIFY_ADMIN. Signing up with one of
	// them makes no admin (anyone could take a name nobody has claimed
	// yet): the accounts are made admins at start, once they exist. With
	// none, the first person to sign up is the admin.
	Admins []string
	// Signup says who may create an account now; nil lets everyone.
	Signup func(context.Context) (musicify.SignupMode, error)
}

// NewService wires the account service.
func NewService(store Store, mailer musicify.Mailer, o Options) *Service {
	if o.Hash == (Argon2Params{}) {
		o.Hash = DefaultArgon2
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Sleep == nil {
		o.Sleep = sleepCtx
	}
	if o.HashWorkers <= 0 {
		o.HashWorkers = runtime.NumCPU()
	}
	if o.HashQueue <= 0 {
		o.HashQueue = 4 * o.HashWorkers
	}
	return &Service{
		store: store, mailer: mailer, hash: o.Hash, now: o.Now, baseURL: o.BaseURL, firstAdmin: len(o.Admins) == 0, signup: o.Signup,
		loginIP:       NewLimiter(o.Rates, "login-ip", 60, 15*time.Minute, o.Now),
		loginPair:     NewLimiter(o.Rates, "login-pair", 10, 15*time.Minute, o.Now),
		loginAccount:  NewLimiter(o.Rates, "login-account", loginCountCap, 15*time.Minute, o.Now),
		loginQueue:    NewLimiter(o.Rates, "login-queue", 0, loginSlotWait, o.Now),
		sleep:         o.Sleep,
		pool:          newHashPool(o.HashWorkers, o.HashQueue),
		codeSendIP:    NewLimiter(o.Rates, "code-send-ip", 30, 15*time.Minute, o.Now),
		codeSendPair:  NewLimiter(o.Rates, "code-send-pair", 5, time.Hour, o.Now),
		codeSendEmail: NewLimiter(o.Rates, "code-send-email", 20, time.Hour, o.Now),
		codeSendBurst: NewLimiter(o.Rates, "code-send-burst", 1, 20*time.Second, o.Now),
		codeCheckIP:   NewLimiter(o.Rates, "code-check-ip", 60, 15*time.Minute, o.Now),
		// Each code allows 5 wrong tries; this bounds tries across the codes
		// an attacker has mailed to one address, from however many networks.
		codeCheckEmail: NewLimiter(o.Rates, "code-check-email", 30, 15*time.Minute, o.Now),
	}
}

// StartSignup validates a registration, checks the name is free, and
// mails a code; the pending account waits with the code. An email that
// has an account gets the same answer, and its owner a mail saying so
// instead of a code: whose email has an account is nobody else's business
// (usernames are public anyway).
func (s *Service) StartSignup(ctx context.Context, c musicify.Client, r musicify.SignupRequest) error {
	r.Username, r.Email = strings.TrimSpace(r.Username), musicify.NormalizeEmail(r.Email)
	mode, err := s.signupMode(ctx)
	if err != nil {
		return err
	}
	if mode == musicify.SignupClosed {
		return musicify.Errorf(musicify.EFORBIDDEN, musicify.MsgSignupClosed)
	}
	if err := musicify.ValidateRegistration(r.Username, r.Password, r.Email); err != nil {
		return err
	}
	if err := s.limitCodeIP(ctx, c); err != nil {
		return err
	}
	if _, err := s.invitation(ctx, mode, r.Invite); err != nil {
		return err
	}
	if err := s.ensureFree(ctx, r.Username); err != nil {
		return err
	}
	owner, err := s.store.UserByEmail(ctx, r.Email)
	if err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return err
	}
	if err := s.limitCodeMail(ctx, c, musicify.PurposeSignup, r.Email); err != nil {
		return err
	}
	// Hashed either way, so that neither answer comes sooner.
	pwHash, err := s.hashSecret(ctx, r.Password)
	if err != nil {
		return fmt.Errorf("hashing password: %w", err)
	}
	if owner != nil {
		subject, text := accountExistsMail(owner.Username, s.baseURL)
		if err := s.mailer.Send(ctx, musicify.Mail{To: r.Email, Subject: subject, Text: text}); err != nil {
			return &musicify.Error{Code: musicify.EUNAVAILABLE, Err: fmt.Errorf("mailing the account's owner: %w", err),
				Message: "We could not send the mail with your code. Please try again in a moment."}
		}
		return nil
	}
	return s.sendCode(ctx, &musicify.Code{
		Purpose: musicify.PurposeSignup, Email: r.Email, Username: r.Username, PasswordHash: pwHash,
	}, signupMail)
}

// ResendSignupCode mails a fresh code for a sign-up that is waiting.
func (s *Service) ResendSignupCode(ctx context.Context, c musicify.Client, email string) error {
	email = musicify.NormalizeEmail(email)
	if err := musicify.ValidateEmail(email); err != nil {
		return err
	}
	if err := s.limitCodeIP(ctx, c); err != nil {
		return err
	}
	pending, err := s.store.Code(ctx, musicify.PurposeSignup, email)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return musicify.Errorf(musicify.EINVALID, "No sign-up is waiting for this email. Please register again.")
	} else if err != nil {
		return err
	}
	if err := s.limitCodeMail(ctx, c, musicify.PurposeSignup, email); err != nil {
		return err
	}
	return s.sendCode(ctx, &musicify.Code{
		Purpose: musicify.PurposeSignup, Email: email, Username: pending.Username, PasswordHash: pending.PasswordHash,
	}, signupMail)
}

// CompleteSignup creates the account when the mailed code matches, and signs it in.
func (s *Service) CompleteSignup(ctx context.Context, c musicify.Client, r musicify.SignupRequest) (*musicify.User, string, error) {
	email := musicify.NormalizeEmail(r.Email)
	pending, err := s.checkCode(ctx, c, musicify.PurposeSignup, email, r.Code)
	if err != nil {
		return nil, "", err
	}
	// The account is the one that was checked and mailed; a body that names
	// another is a stale form, not a new registration.
	differs := r.Username != "" && !strings.EqualFold(strings.TrimSpace(r.Username), pending.Username)
	if !differs && r.Password != "" {
		same, err := s.verify(ctx, pending.PasswordHash, r.Password)
		if err != nil {
			return nil, "", err
		}
		differs = !same
	}
	if differs {
		return nil, "", musicify.Errorf(musicify.EINVALID, "These details differ from the ones the code was sent for. Please register again.")
	}
	// The mode may have changed, or the invitation been used, since the
	// code was mailed: checked again before the code is used up, and the
	// invitation used up in the same step as the account is made.
	mode, err := s.signupMode(ctx)
	if err != nil {
		return nil, "", err
	}
	if mode == musicify.SignupClosed {
		return nil, "", musicify.Errorf(musicify.EFORBIDDEN, musicify.MsgSignupClosed)
	}
	grant, err := s.invitation(ctx, mode, r.Invite)
	if err != nil {
		return nil, "", err
	}
	if err := s.claimCode(ctx, pending); err != nil {
		return nil, "", err
	}
	u := &musicify.User{Username: pending.Username, Email: email, PasswordHash: pending.PasswordHash}
	if err := s.createAccount(ctx, u, grant); err != nil {
		return nil, "", err
	}
	token, err := s.newSession(ctx, u.ID)
	if err != nil {
		return nil, "", err
	}
	return u, token, nil
}

// Login signs in with a username or an email and a password.
func (s *Service) Login(ctx context.Context, c musicify.Client, login, password string) (*musicify.User, string, error) {
	login = strings.TrimSpace(login)
	if login == "" || password == "" {
		return nil, "", musicify.Errorf(musicify.EINVALID, "Please enter your username and password")
	}
	if err := take(ctx, s.loginIP, c.IP, "login attempts from your network"); err != nil {
		return nil, "", err
	}
	var u *musicify.User
	var err error
	if strings.Contains(login, "@") {
		u, err = s.store.UserByEmail(ctx, login)
	} else {
		u, err = s.store.UserByUsername(ctx, login)
	}
	if err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return nil, "", err
	}
	account := "login:" + strings.ToLower(login)
	hash := ""
	if u != nil {
		account, hash = "user:"+u.ID, u.PasswordHash
	} else {
		hash = s.dummy() // spend the same time as a real check
	}
	// Wrong passwords lock out the network they come from, not the
	// account: its owner, elsewhere, only waits a little longer.
	pair := account + "|" + c.IP
	if wait, err := s.loginPair.Check(ctx, pair); err != nil {
		return nil, "", limiterDown(err)
	} else if wait > 0 {
		return nil, "", musicify.RateLimited("wrong passwords for this account from your network", wait)
	}
	d, err := s.loginDelay(ctx, account)
	if err != nil {
		return nil, "", err
	}
	if d > 0 {
		// The delay queues: tries sent side by side from many networks
		// would each wait it out at once, so each waits for its own turn,
		// d after the one before, on every instance.
		wait, ok, err := s.loginQueue.Reserve(ctx, account, d, loginSlotWait)
		if err != nil {
			return nil, "", limiterDown(err)
		}
		if !ok {
			return nil, "", musicify.RateLimited("sign-in attempts for this account", wait-loginSlotWait)
		}
		if err := s.sleep(ctx, wait); err != nil {
			return nil, "", err
		}
	}
	ok, err := s.verify(ctx, hash, password)
	if err != nil {
		return nil, "", err
	}
	if u == nil || !ok {
		_, errPair := s.loginPair.Take(ctx, pair)
		_, errAccount := s.loginAccount.Take(ctx, account)
		if err := errors.Join(errPair, errAccount); err != nil {
			return nil, "", limiterDown(err)
		}
		return nil, "", musicify.Errorf(musicify.EUNAUTHORIZED, musicify.MsgWrongLogin).In("password")
	}
	// The owner is in; should forgetting fail, the count only runs out later.
	_ = s.loginPair.Reset(ctx, pair)
	if u.Disabled {
		// Said only to whoever knows the password.
		return nil, "", musicify.Errorf(musicify.EFORBIDDEN, musicify.MsgAccountOff)
	}
	token, err := s.newSession(ctx, u.ID)
	if err != nil {
		return nil, "", err
	}
	return u, token, nil
}

// Logout ends the session of token; an unknown token is already logged out.
func (s *Service) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	return s.store.DeleteSession(ctx, HashToken(token))
}

// RequestReset mails a reset code when an account has this email. The
// answer is the same either way, so accounts cannot be discovered.
func (s *Service) RequestReset(ctx context.Context, c musicify.Client, email string) error {
	email = musicify.NormalizeEmail(email)
	if err := musicify.ValidateEmail(email); err != nil {
		return err
	}
	if err := s.limitCodeIP(ctx, c); err != nil {
		return err
	}
	if err := s.limitCodeMail(ctx, c, musicify.PurposeReset, email); err != nil {
		return err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		_, err := s.hashSecret(ctx, "000000") // as slow as the real path
		return err
	} else if err != nil {
		return err
	}
	return s.sendCode(ctx, &musicify.Code{Purpose: musicify.PurposeReset, Email: email, Username: u.Username}, resetMail)
}

// VerifyReset checks a reset code without using it up.
func (s *Service) VerifyReset(ctx context.Context, c musicify.Client, email, code string) error {
	_, err := s.checkCode(ctx, c, musicify.PurposeReset, musicify.NormalizeEmail(email), code)
	return err
}

// ResetPassword sets a new password with a valid reset code, uses the code
// up and ends every session of the account.
func (s *Service) ResetPassword(ctx context.Context, c musicify.Client, email, code, password string) error {
	if err := musicify.ValidatePassword(password); err != nil {
		return err
	}
	email = musicify.NormalizeEmail(email)
	pending, err := s.checkCode(ctx, c, musicify.PurposeReset, email, code)
	if err != nil {
		return err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil {
		return err
	}
	hash, err := s.hashSecret(ctx, password)
	if err != nil {
		return fmt.Errorf("hashing password: %w", err)
	}
	if err := s.claimCode(ctx, pending); err != nil {
		return err
	}
	return s.store.SetPassword(ctx, u.ID, hash)
}

// Authenticate resolves a session token, sliding the expiry of a session in use.
func (s *Service) Authenticate(ctx context.Context, token string) (*musicify.User, *musicify.Session, bool, error) {
	unauthorized := musicify.Errorf(musicify.EUNAUTHORIZED, "You are not signed in.")
	if token == "" {
		return nil, nil, false, unauthorized
	}
	hash := HashToken(token)
	sess, err := s.store.SessionByTokenHash(ctx, hash)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return nil, nil, false, unauthorized
	} else if err != nil {
		return nil, nil, false, err
	}
	now := s.now()
	if !now.Before(sess.ExpiresAt) {
		if err := s.store.DeleteSession(ctx, hash); err != nil {
			return nil, nil, false, err
		}
		return nil, nil, false, unauthorized
	}
	u, err := s.store.UserByID(ctx, sess.UserID)
	if err != nil {
		return nil, nil, false, err
	}
	if u.Disabled { // disabling ends the sessions; this holds should one be made meanwhile
		return nil, nil, false, musicify.Errorf(musicify.EUNAUTHORIZED, musicify.MsgAccountOff)
	}
	renewed := now.Sub(sess.LastSeenAt) >= sessionTouchEvery
	if renewed {
		if err := s.store.TouchSession(ctx, hash, now, now.Add(SessionTTL)); err != nil {
			return nil, nil, false, err
		}
	}
	return u, sess, renewed, nil
}

// SignInExternal signs in the account with this verified email, creating one
// with a free username derived from the address when there is none.
func (s *Service) SignInExternal(ctx context.Context, email string) (*musicify.User, string, error) {
	email = musicify.NormalizeEmail(email)
	if err := musicify.ValidateEmail(email); err != nil {
		return nil, "", err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		u, err = s.createExternal(ctx, email)
	}
	if err != nil {
		return nil, "", err
	}
	if u.Disabled {
		return nil, "", musicify.Errorf(musicify.EFORBIDDEN, musicify.MsgAccountOff)
	}
	token, err := s.newSession(ctx, u.ID)
	if err != nil {
		return nil, "", err
	}
	return u, token, nil
}

func (s *Service) createExternal(ctx context.Context, email string) (*musicify.User, error) {
	switch mode, err := s.signupMode(ctx); {
	case err != nil:
		return nil, err
	case mode == musicify.SignupClosed:
		return nil, musicify.Errorf(musicify.EFORBIDDEN, musicify.MsgSignupClosed)
	case mode == musicify.SignupInvite:
		return nil, musicify.Errorf(musicify.EFORBIDDEN, "Sign-up on this server is by invitation: open your invitation link and register there, then sign in.")
	}
	base := UsernameFromEmail(email)
	for i := 0; i < 20; i++ {
		name := base
		if i > 0 {
			suffix := fmt.Sprintf("-%d", randomInt(9000)+1000)
			name = strings.TrimRight(base[:min(len(base), musicify.UsernameMax-len(suffix))], "-") + suffix
		}
		u := &musicify.User{Username: name, Email: email}
		err := s.createAccount(ctx, u, musicify.AccountGrant{})
		if err == nil {
			return u, nil
		}
		if musicify.ErrorMessage(err) == musicify.MsgEmailTaken {
			return s.store.UserByEmail(ctx, email) // created meanwhile by a twin request
		}
		if musicify.ErrorCode(err) != musicify.ECONFLICT {
			return nil, err
		}
	}
	return nil, fmt.Errorf("finding a free username for %s: gave up", base)
}

// UsernameFromEmail turns the local part of an address into a valid username.
func UsernameFromEmail(email string) string {
	local, _, _ := strings.Cut(email, "@")
	var b strings.Builder
	for _, r := range local {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		case r == '.' || r == '+':
			b.WriteByte('_')
		}
	}
	name := strings.Trim(b.String(), "_-")
	if len(name) > musicify.UsernameMax {
		name = name[:musicify.UsernameMax]
	}
	if len(name) < musicify.UsernameMin {
		name = strings.TrimLeft(name+"_user", "_")
	}
	return name
}

func (s *Service) ensureFree(ctx context.Context, username string) error {
	if _, err := s.store.UserByUsername(ctx, username); err == nil {
		return musicify.Errorf(musicify.ECONFLICT, musicify.MsgUsernameTaken).In("username")
	} else if musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return err
	}
	return nil
}

// limitCodeIP bounds code mails, and the account lookups before them, per network.
func (s *Service) limitCodeIP(ctx context.Context, c musicify.Client) error {
	return take(ctx, s.codeSendIP, c.IP, "codes requested from your network")
}

// limitCodeMail bounds the code mails one mailbox receives for one purpose.
//
// The counts that stop a mailbox being flooded are kept per email and
// network (one code each 20 s, five an hour), so that someone asking for
// codes for another's email from their own network does not keep the
// owner from asking from theirs; only a flood from many networks meets
// the cap of the email itself (twenty an hour).
func (s *Service) limitCodeMail(ctx context.Context, c musicify.Client, purpose musicify.CodePurpose, email string) error {
	key := string(purpose) + ":" + email
	pair := key + ":" + c.IP
	if wait, err := s.codeSendBurst.Check(ctx, pair); err != nil {
		return limiterDown(err)
	} else if wait > 0 {
		return musicify.RateLimited("codes requested for this email", wait)
	}
	if err := take(ctx, s.codeSendPair, pair, "codes requested for this email"); err != nil {
		return err
	}
	if err := take(ctx, s.codeSendEmail, key, "codes requested for this email"); err != nil {
		return err
	}
	if _, err := s.codeSendBurst.Take(ctx, pair); err != nil {
		return limiterDown(err)
	}
	return nil
}

// take counts one event of key on l, or says how long to wait.
func take(ctx context.Context, l *Limiter, key, what string) error {
	wait, err := l.Take(ctx, key)
	if err != nil {
		return limiterDown(err)
	}
	if wait > 0 {
		return musicify.RateLimited(what, wait)
	}
	return nil
}

// limiterDown refuses a request whose attempt could not be counted. These
// limits are what stops password and code guessing, and the request needs
// the same database right after, so failing closed locks out no one that
// failing open would let in.
func limiterDown(err error) error {
	return &musicify.Error{Code: musicify.EUNAVAILABLE, Err: fmt.Errorf("counting attempts: %w", err),
		Message: "We could not check this request just now. Please try again in a moment."}
}

// sendCode stores a fresh code for c and mails it; a mail that cannot be
// sent leaves no code behind.
func (s *Service) sendCode(ctx context.Context, c *musicify.Code, compose func(name, code, baseURL string) (string, string)) error {
	code := fmt.Sprintf("%06d", randomInt(1_000_000))
	hash, err := s.hashSecret(ctx, code)
	if err != nil {
		return fmt.Errorf("hashing code: %w", err)
	}
	c.CodeHash, c.CreatedAt, c.ExpiresAt = hash, s.now(), s.now().Add(CodeTTL)
	if err := s.store.PutCode(ctx, c); err != nil {
		return err
	}
	subject, text := compose(c.Username, code, s.baseURL)
	if err := s.mailer.Send(ctx, musicify.Mail{To: c.Email, Subject: subject, Text: text}); err != nil {
		_, _ = s.store.DeleteCode(context.WithoutCancel(ctx), c.Purpose, c.Email, c.CodeHash)
		return &musicify.Error{Code: musicify.EUNAVAILABLE, Err: fmt.Errorf("mailing code: %w", err),
			Message: "We could not send the mail with your code. Please try again in a moment."}
	}
	return nil
}

// checkCode verifies a mailed code, counting wrong tries. A code that
// expired or ran out of tries stays until replaced, so a sign-up can still
// ask for a new code without registering again.
func (s *Service) checkCode(ctx context.Context, c musicify.Client, purpose musicify.CodePurpose, email, code string) (*musicify.Code, error) {
	if err := take(ctx, s.codeCheckIP, c.IP, "code attempts from your network"); err != nil {
		return nil, err
	}
	code = strings.TrimSpace(code)
	if code == "" {
		return nil, musicify.Errorf(musicify.EINVALID, "Please enter the code from the mail").In("otp")
	}
	if err := take(ctx, s.codeCheckEmail, string(purpose)+":"+email, "code attempts for this email"); err != nil {
		return nil, err
	}
	pending, err := s.store.Code(ctx, purpose, email)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		if purpose == musicify.PurposeSignup {
			return nil, musicify.Errorf(musicify.EINVALID, "No sign-up is waiting for this email. Please register again.")
		}
		// Said the same as a wrong code, so a reset reveals no account.
		return nil, musicify.Errorf(musicify.EINVALID, musicify.MsgWrongCode).In("otp")
	} else if err != nil {
		return nil, err
	}
	if !s.now().Before(pending.ExpiresAt) {
		return nil, musicify.Errorf(musicify.EINVALID, "This code has expired. Please ask for a new one.").In("otp")
	}
	// The try is counted before the comparison, so parallel guesses cannot
	// all be compared while the count is still low.
	n, err := s.store.TakeCodeAttempt(ctx, purpose, email, CodeMaxAttempts)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, musicify.Errorf(musicify.EINVALID, "Too many wrong tries for this code. Please ask for a new one.").In("otp")
	}
	ok, err := s.verify(ctx, pending.CodeHash, code)
	if err != nil {
		return nil, err
	}
	if ok {
		if err := s.store.ReturnCodeAttempt(ctx, purpose, email); err != nil {
			return nil, err
		}
		return pending, nil
	}
	if n >= CodeMaxAttempts {
		return nil, musicify.Errorf(musicify.EINVALID, "That code isn’t right, and that was the last try. Please ask for a new code.").In("otp")
	}
	return nil, musicify.Errorf(musicify.EINVALID, musicify.MsgWrongCode).In("otp")
}

// claimCode uses a verified code up; only one request can claim it.
func (s *Service) claimCode(ctx context.Context, c *musicify.Code) error {
	ok, err := s.store.DeleteCode(ctx, c.Purpose, c.Email, c.CodeHash)
	if err != nil {
		return err
	}
	if !ok {
		return musicify.Errorf(musicify.EINVALID, "This code was already used. Please ask for a new one.").In("otp")
	}
	return nil
}

func (s *Service) newSession(ctx context.Context, userID string) (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("making session token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(b[:])
	now := s.now()
	err := s.store.CreateSession(ctx, &musicify.Session{
		TokenHash: HashToken(token), UserID: userID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(SessionTTL),
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// Login delays: free wrong passwords per account in the window, then a wait
// that doubles with each one up to the cap.
const (
	loginFreeFailures = 5
	loginDelayBase    = 250 * time.Millisecond
	loginDelayMax     = 5 * time.Second
	// loginCountCap bounds the wrong passwords counted per account: the
	// delay stopped growing long before.
	loginCountCap = 64
)

// loginDelay is how long a login to account waits before its password is
// checked: nothing at first, then longer with each recent wrong password
// from anywhere, so guessing across many networks slows to a crawl while
// the owner still gets in.
func (s *Service) loginDelay(ctx context.Context, account string) (time.Duration, error) {
	n, err := s.loginAccount.Count(ctx, account)
	if err != nil {
		return 0, limiterDown(err)
	}
	n -= loginFreeFailures
	if n < 0 {
		return 0, nil
	}
	d := loginDelayBase << min(n, 16)
	return min(d, loginDelayMax), nil
}

// loginSlotWait bounds the wait for a turn: past it, a try is refused with
// the wait, rather than queued behind a flood of others.
const loginSlotWait = 30 * time.Second

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Service) dummy() string {
	s.dummyOnce.Do(func() { s.dummyHash, _ = s.hash.Hash("not a password") })
	return s.dummyHash
}

// HashToken is how session tokens are stored: a full-entropy token needs no
// slow hash, only one that a database leak cannot turn back into a cookie.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func randomInt(n int64) int64 {
	v, err := rand.Int(rand.Reader, big.NewInt(n))
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return v.Int64()
}
