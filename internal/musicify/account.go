package musicify

import (
	"context"
	"time"
)

// Session is a signed-in browser. Only a hash of its token is stored.
type Session struct {
	TokenHash  string
	UserID     string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
}

// SessionStore persists sessions. Lookups that find nothing return ENOTFOUND.
type SessionStore interface {
	CreateSession(ctx context.Context, s *Session) error
	SessionByTokenHash(ctx context.Context, tokenHash string) (*Session, error)
	// TouchSession slides the expiry of a session that is in use.
	TouchSession(ctx context.Context, tokenHash string, seen, expires time.Time) error
	DeleteSession(ctx context.Context, tokenHash string) error
	DeleteExpiredSessions(ctx context.Context, now time.Time) error
}

// CodePurpose says what a one-time code unlocks.
type CodePurpose string

const (
	PurposeSignup CodePurpose = "signup"
	PurposeReset  CodePurpose = "reset"
	// PurposeEmail is a code mailed to the new address of a signed-in
	// person; its Username names whose address it changes.
	PurposeEmail CodePurpose = "email"
)

// Code is a mailed one-time code. A sign-up code also carries the account
// being created, so the browser never has to keep the password.
type Code struct {
	Purpose      CodePurpose
	Email        string
	CodeHash     string
	Username     string
	PasswordHash string
	Attempts     int
	CreatedAt    time.Time
	ExpiresAt    time.Time
}

// CodeStore keeps at most one live code per purpose and email.
type CodeStore interface {
	// PutCode replaces any earlier code for the same purpose and email.
	PutCode(ctx context.Context, c *Code) error
	Code(ctx context.Context, purpose CodePurpose, email string) (*Code, error)
	// TakeCodeAttempt counts a try before the code is compared, in one step,
	// and returns its number; 0 when max tries are counted already. However
	// many requests arrive at once, at most max are ever compared.
	TakeCodeAttempt(ctx context.Context, purpose CodePurpose, email string, max int) (int, error)
	// ReturnCodeAttempt gives back the try of a code that matched, so a right
	// code checked twice (verifyotp, then changepass) uses up nothing.
	ReturnCodeAttempt(ctx context.Context, purpose CodePurpose, email string) error
	// DeleteCode removes the code with this hash and reports whether it was
	// still there, so two requests racing with one code cannot both use it.
	DeleteCode(ctx context.Context, purpose CodePurpose, email, codeHash string) (bool, error)
}

// RateStore keeps the recent events of each rate limit key. In memory it
// counts for one process; in the database every instance shares the count.
type RateStore interface {
	// RateHits returns the times stored for key.
	RateHits(ctx context.Context, key string) ([]time.Time, error)
	// UpdateRateHits replaces key's times with what fn makes of them, in one
	// step: no other update of key, from any instance, runs in between. The
	// store may forget key once its newest time is keep in the past.
	UpdateRateHits(ctx context.Context, key string, keep time.Duration, fn func([]time.Time) []time.Time) error
}

// SignupRequest is what the registration form sends.
type SignupRequest struct {
	Username string
	Password string
	Email    string
	Code     string
	// Invite is the token of an invitation link, needed in invite mode.
	Invite string
}

// Client identifies who is asking, for rate limits and logs.
type Client struct {
	IP string
}

// AccountService is the account life cycle: sign-up with a mailed code,
// login, sessions and password reset.
type AccountService interface {
	StartSignup(ctx context.Context, c Client, r SignupRequest) error
	ResendSignupCode(ctx context.Context, c Client, email string) error
	CompleteSignup(ctx context.Context, c Client, r SignupRequest) (*User, string, error)
	Login(ctx context.Context, c Client, login, password string) (*User, string, error)
	Logout(ctx context.Context, token string) error
	RequestReset(ctx context.Context, c Client, email string) error
	VerifyReset(ctx context.Context, c Client, email, code string) error
	ResetPassword(ctx context.Context, c Client, email, code, password string) error
	// Authenticate returns the user and the session behind a session token.
	// renewed is true when the session's expiry slid forward, so the cookie
	// should be re-sent.
	Authenticate(ctx context.Context, token string) (u *User, s *Session, renewed bool, err error)
	// SignInExternal signs in the owner of a verified email from an identity
	// provider, creating the account when there is none.
	SignInExternal(ctx context.Context, email string) (*User, string, error)
	// ChangePassword sets a new password for u after checking the current
	// one, and ends u's sessions but the one of keepTokenHash.
	ChangePassword(ctx context.Context, c Client, u *User, keepTokenHash, current, password string) error
	// CheckPassword confirms a sensitive step of a signed-in person with
	// their password, counted like a login.
	CheckPassword(ctx context.Context, c Client, u *User, password string) error
	// RequestEmailChange mails a code to the address u wants to move to.
	RequestEmailChange(ctx context.Context, c Client, u *User, email string) error
	// ConfirmEmailChange moves u to the address when the code matches.
	ConfirmEmailChange(ctx context.Context, c Client, u *User, email, code string) error
}

// Mail is one outgoing message, in plain text.
type Mail struct {
	To      string
	Subject string
	Text    string
}

// Mailer delivers mail: over SMTP, or into the dev outbox.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// OutboxMail is a mail kept by the dev outbox.
type OutboxMail struct {
	ID        string    `json:"id"`
	To        string    `json:"to"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text"`
	CreatedAt time.Time `json:"createdAt"`
}

// OutboxStore keeps the dev outbox.
type OutboxStore interface {
	AddOutboxMail(ctx context.Context, m *OutboxMail) error
	OutboxMails(ctx context.Context, limit int) ([]*OutboxMail, error)
}
