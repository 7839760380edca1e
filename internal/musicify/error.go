// Package musicify holds the domain: the entities, the service interfaces the
// adapters implement, and the one error type every layer speaks.
package musicify

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
	"time"
)

// Error codes. The HTTP layer maps each to one status code in one place.
const (
	EINVALID      = "invalid"
	EUNAUTHORIZED = "unauthorized"
	EFORBIDDEN    = "forbidden"
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict"
	ETOOLARGE     = "too_large"
	EUNSUPPORTED  = "unsupported"
	ERATELIMITED  = "rate_limited"
	EUNAVAILABLE  = "unavailable"
	ENOSPACE      = "no_space"
	ETIMEOUT      = "timeout" // the client sent its request too slowly
	EEXPIRED      = "expired" // a link that was good and no longer is
	EINTERNAL     = "internal"
)

// ErrNoSpace is what a write to a full disk (or a full disk quota) becomes,
// wherever it happened: the person who runs the server can act on it, the
// user only by telling them.
var ErrNoSpace = Errorf(ENOSPACE, "The server is out of space. Please tell the person who runs it.")

// outOfSpace reports whether err is a write that found no room: a file
// system's error, or SQLite's "database or disk is full" (SQLITE_FULL),
// which names no errno, whichever layer it comes through.
func outOfSpace(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) ||
		strings.Contains(err.Error(), "database or disk is full")
}

// Error is an error a person can act on: Message is shown to the user as is.
type Error struct {
	Code    string
	Message string
	// Field names the input the message is about ("email", "audio"…), so a
	// form can show it beside that field; empty when it is about the whole request.
	Field string
	// Fields lists every input refused with its message when a request
	// broke rules in several (Field and Message are then the first).
	Fields map[string]string
	// RetryAfter tells a rate-limited caller when to come back.
	RetryAfter time.Duration
	// Err is the cause, for logs; it is never shown to the user.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.Err)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an *Error with a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// In names the input field e is about and returns e, for chaining:
// Errorf(EINVALID, "…").In("email").
func (e *Error) In(field string) *Error {
	e.Field = field
	return e
}

// ErrorField returns the field of the first *Error in err's chain, or "".
func ErrorField(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}

// ErrorFields returns the Fields of the first *Error in err's chain, or nil.
func ErrorFields(err error) map[string]string {
	var e *Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// ErrDatabaseDown is what a request meets while the database cannot be
// reached (a restart, a network cut): worth trying again in a moment.
var ErrDatabaseDown = &Error{Code: EUNAVAILABLE, RetryAfter: 5 * time.Second,
	Message: "The server cannot reach its database just now. Please try again in a moment."}

// databaseDown reports whether err is the database's connection failing,
// not the query: refused or reset connections, and the SQLSTATE classes
// for a lost connection (08), a server shutting down or starting (57P)
// and one out of connections (53300).
func databaseDown(err error) bool {
	if errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	var st interface{ SQLState() string }
	if errors.As(err, &st) {
		code := st.SQLState()
		return strings.HasPrefix(code, "08") || strings.HasPrefix(code, "57P") || code == "53300"
	}
	return false
}

// as is err's *Error: its own, or the one a full disk or an unreachable
// database stands for; nil for any other error.
func as(err error) *Error {
	var e *Error
	switch {
	case errors.As(err, &e):
		return e
	case outOfSpace(err):
		return ErrNoSpace
	case databaseDown(err):
		return ErrDatabaseDown
	}
	return nil
}

// ErrorCode returns the code of the first *Error in err's chain, ENOSPACE
// for a full disk, EUNAVAILABLE for an unreachable database, EINTERNAL for
// any other error and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	} else if e := as(err); e != nil {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the user-facing message of err; internal details never leak.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	} else if e := as(err); e != nil {
		return e.Message
	}
	return "Something went wrong. Please try again."
}

// ErrorRetryAfter is how long err says to wait before trying again; 0 when
// it does not say.
func ErrorRetryAfter(err error) time.Duration {
	if e := as(err); e != nil {
		return e.RetryAfter
	}
	return 0
}

// RateLimited builds the error returned when a limit is hit, with a message
// that says when to try again.
func RateLimited(what string, retry time.Duration) *Error {
	return &Error{
		Code:       ERATELIMITED,
		Message:    fmt.Sprintf("Too many %s. Try again in %s.", what, HumanDuration(retry)),
		RetryAfter: retry,
	}
}

// HumanDuration renders a wait as people say it: "40 seconds", "3 minutes".
func HumanDuration(d time.Duration) string {
	switch {
	case d <= time.Second:
		return "1 second"
	case d < time.Minute:
		return fmt.Sprintf("%d seconds", int((d+time.Second-1)/time.Second))
	case d < 2*time.Minute:
		return "1 minute"
	case d < time.Hour:
		return fmt.Sprintf("%d minutes", int((d+time.Minute-1)/time.Minute))
	case d < 2*time.Hour:
		return "1 hour"
	default:
		return fmt.Sprintf("%d hours", int((d+time.Hour-1)/time.Hour))
	}
}
