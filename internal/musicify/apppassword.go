package musicify

import (
	"context"
	"time"
)

// AppPassword is a password a person makes for one Subsonic app. Its
// secret is kept encrypted, never hashed: the Subsonic token scheme
// (md5(password+salt)) needs the plain password on the server.
type AppPassword struct {
	ID     string
	UserID string
	Name   string // "Phone", "Feishin on the laptop"
	// Secret is the password encrypted (nonce then ciphertext); it never
	// leaves the server.
	Secret []byte
	// APIKeyHash is the hex SHA-256 of the plain password: an OpenSubsonic
	// apiKey finds its row by it, without a username.
	APIKeyHash string
	CreatedAt  time.Time
	LastUsedAt time.Time // zero until first used
}

// Limits on app passwords, shared by the server and (as copies) the web client.
const (
	AppPasswordNameMax = 64
	AppPasswordsMax    = 20 // per user
)

// Messages about app passwords. The web client shows them as they are.
const (
	MsgAppPasswordName     = "Give the app password a name of 1 to 64 characters, such as the device it is for."
	MsgAppPasswordNameUsed = "You already have an app password with this name. Choose another name, or revoke the old one first."
	MsgAppPasswordsFull    = "You have 20 app passwords, the most allowed. Revoke one you no longer use first."
	MsgAppPasswordNotFound = "This app password does not exist. It may have been revoked already."
)

// AppPasswordStore keeps app passwords.
type AppPasswordStore interface {
	// CreateAppPassword stores p, filling in its id (when empty) and
	// creation time, unless its user has max already (ECONFLICT,
	// MsgAppPasswordsFull) or one of the same NameKey (ECONFLICT,
	// MsgAppPasswordNameUsed).
	CreateAppPassword(ctx context.Context, p *AppPassword, max int) error
	// AppPasswords lists a user's app passwords, newest first, with their
	// secrets.
	AppPasswords(ctx context.Context, userID string) ([]*AppPassword, error)
	// AppPasswordByAPIKeyHash finds the app password whose secret hashes
	// to hash; ENOTFOUND when none does.
	AppPasswordByAPIKeyHash(ctx context.Context, hash string) (*AppPassword, error)
	// DeleteAppPassword deletes the app password id of userID; ENOTFOUND
	// when userID has none of that id, whoever else may.
	DeleteAppPassword(ctx context.Context, userID, id string) error
	// TouchAppPassword records that id was used at at.
	TouchAppPassword(ctx context.Context, id string, at time.Time) error
}
