package musicify

import (
	"context"
	"net/mail"
	"regexp"
	"strings"
	"time"
)

// User is an account. PasswordHash never leaves the server: it has no JSON name.
type User struct {
	ID           string    `json:"_id"`
	Username     string    `json:"username"`
	Email        string    `json:"email"`
	PasswordHash string    `json:"-"`
	CreatedAt    time.Time `json:"createdAt"`
	// Admin may use the admin pages; Disabled may not sign in at all.
	Admin    bool `json:"admin"`
	Disabled bool `json:"disabled"`
	// PictureKey is the cover of the picture they chose for themselves,
	// on their profile and as their artist's image ("" when none).
	PictureKey string `json:"-"`
	// TimeZone is the IANA zone their days and weeks are counted in ("" is
	// UTC): their browser sets it (Location).
	TimeZone string `json:"-"`
}

// Location is the time zone the user's days and weeks are counted in:
// theirs, or UTC when they have none or it is no longer known.
func (u *User) Location() *time.Location {
	if loc, err := LoadTimeZone(u.TimeZone); err == nil {
		return loc
	}
	return time.UTC
}

// LoadTimeZone reads an IANA time zone name ("Europe/Berlin"); "" is UTC.
// "Local" is refused: it is the server's zone, not the person's.
func LoadTimeZone(name string) (*time.Location, error) {
	if name == "" {
		return time.UTC, nil
	}
	if name == "Local" || len(name) > 64 {
		return nil, Errorf(EINVALID, "That is not a time zone. Use a name such as Europe/Berlin.").In("timeZone")
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, Errorf(EINVALID, "That is not a time zone. Use a name such as Europe/Berlin.").In("timeZone")
	}
	return loc, nil
}

// UserStore persists accounts. Lookups that find nothing return ENOTFOUND.
type UserStore interface {
	CreateUser(ctx context.Context, u *User) error
	UserByID(ctx context.Context, id string) (*User, error)
	// UsersByIDs loads many users in the order of ids, skipping unknown ones.
	UsersByIDs(ctx context.Context, ids []string) ([]*User, error)
	UserByUsername(ctx context.Context, username string) (*User, error)
	UserByEmail(ctx context.Context, email string) (*User, error)
	// SetPassword replaces the hash and ends every session of the user in one step.
	SetPassword(ctx context.Context, userID, hash string) error
	// ReplacePassword replaces the hash and ends every session of the user
	// but the one of keepTokenHash, in one step.
	ReplacePassword(ctx context.Context, userID, hash, keepTokenHash string) error
	// SetEmail moves the user to another address; one taken is ECONFLICT.
	SetEmail(ctx context.Context, userID, email string) error
	// SetTimeZone records the IANA zone the user's days are counted in.
	SetTimeZone(ctx context.Context, userID, zone string) error
	Users(ctx context.Context) ([]*User, error)
}

// Limits on account fields, shared by the server and (as copies) the web client.
const (
	UsernameMin = 3
	UsernameMax = 32
	PasswordMin = 6
	PasswordMax = 256
	EmailMax    = 254
)

var usernamePattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// Validation messages. The web client shows the same sentences.
const (
	MsgEmailMissing    = "Please enter your email"
	MsgPasswordMissing = "Please choose a password"
	MsgUsernameMissing = "Please choose a username"
	MsgPasswordShort   = "Your password needs at least 6 characters"
	MsgPasswordLong    = "Password must be at most 256 characters"
	MsgUsernameRule    = "Username must be 3 to 32 letters, digits, _ or -"
	MsgEmailInvalid    = "Please enter a valid email address"
	MsgUsernameTaken   = "This username is already taken"
	MsgEmailTaken      = "An account with this email already exists"
	MsgWrongCode       = "That code isn’t right. Check the mail and try again."
	MsgWrongLogin      = "Wrong username or password"
)

// NormalizeEmail trims and lower-cases an address so one mailbox is one account.
func NormalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// ValidateEmail accepts a bare address such as a@b.co, nothing more.
func ValidateEmail(email string) error {
	if email == "" || len(email) > EmailMax {
		return Errorf(EINVALID, MsgEmailInvalid).In("email")
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || addr.Name != "" {
		return Errorf(EINVALID, MsgEmailInvalid).In("email")
	}
	at := strings.LastIndexByte(email, '@')
	if domain := email[at+1:]; !strings.Contains(domain, ".") || strings.HasSuffix(domain, ".") {
		return Errorf(EINVALID, MsgEmailInvalid).In("email")
	}
	return nil
}

// ValidateUsername enforces 3–32 letters, digits, '_' and '-'.
func ValidateUsername(username string) error {
	if len(username) < UsernameMin || len(username) > UsernameMax || !usernamePattern.MatchString(username) {
		return Errorf(EINVALID, MsgUsernameRule).In("username")
	}
	return nil
}

// ValidatePassword enforces the length bounds; the lower one is the original app's.
func ValidatePassword(password string) error {
	switch n := len([]rune(password)); {
	case n < PasswordMin:
		return Errorf(EINVALID, MsgPasswordShort).In("password")
	case n > PasswordMax:
		return Errorf(EINVALID, MsgPasswordLong).In("password")
	}
	return nil
}

// ValidateRegistration checks every field of a sign-up, so a form can show
// all its problems at once: the answer names the first in the form's order
// (email, password, username) and lists each field's first problem in Fields.
func ValidateRegistration(username, password, email string) error {
	var all *Error
	check := func(field, value, missing string, validate func(string) error) {
		err := &Error{Code: EINVALID, Message: missing, Field: field}
		if value != "" {
			verr := validate(value)
			if verr == nil {
				return
			}
			err = as(verr)
		}
		if all == nil {
			all = &Error{Code: EINVALID, Message: err.Message, Field: field, Fields: map[string]string{}}
		}
		all.Fields[field] = err.Message
	}
	check("email", email, MsgEmailMissing, ValidateEmail)
	check("password", password, MsgPasswordMissing, ValidatePassword)
	check("username", username, MsgUsernameMissing, ValidateUsername)
	if all == nil {
		return nil
	}
	return all
}
