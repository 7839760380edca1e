package musicify

import (
	"fmt"
	"os"
	"syscall"
	"testing"
)

func TestAFullDiskOrQuotaIsNoSpaceWhereverItHappened(t *testing.T) {
	for _, errno := range []syscall.Errno{syscall.ENOSPC, syscall.EDQUOT} {
		err := fmt.Errorf("spooling upload: %w", &os.PathError{Op: "write", Path: "/data/x", Err: errno})
		if ErrorCode(err) != ENOSPACE || ErrorMessage(err) != ErrNoSpace.Message {
			t.Errorf("%v: code %q, message %q", errno, ErrorCode(err), ErrorMessage(err))
		}
	}
	if err := fmt.Errorf("x: %w", syscall.EIO); ErrorCode(err) != EINTERNAL {
		t.Errorf("EIO is %q", ErrorCode(err))
	}
}

func TestTheFieldOfAnErrorSurvivesWrapping(t *testing.T) {
	err := fmt.Errorf("signing up: %w", Errorf(EINVALID, "bad").In("email"))
	if ErrorField(err) != "email" || ErrorField(fmt.Errorf("x")) != "" || ErrorField(nil) != "" {
		t.Fatalf("field %q", ErrorField(err))
	}
}

type sqlState string

func (s sqlState) Error() string    { return "database error " + string(s) }
func (s sqlState) SQLState() string { return string(s) }

// A database that cannot be reached is "try again in a moment" (503 with
// Retry-After), whatever layer the error comes through; a query the
// database refuses is not.
func TestAnUnreachableDatabaseIsUnavailable(t *testing.T) {
	for _, err := range []error{
		fmt.Errorf("reading session: %w", &os.SyscallError{Syscall: "connect", Err: syscall.ECONNREFUSED}),
		fmt.Errorf("x: %w", syscall.ECONNRESET),
		fmt.Errorf("x: %w", sqlState("08006")), // connection failure
		fmt.Errorf("x: %w", sqlState("57P01")), // the server shutting down
		fmt.Errorf("x: %w", sqlState("53300")), // out of connections
	} {
		if ErrorCode(err) != EUNAVAILABLE || ErrorRetryAfter(err) <= 0 || ErrorMessage(err) != ErrDatabaseDown.Message {
			t.Errorf("%v: code %q, retry after %v", err, ErrorCode(err), ErrorRetryAfter(err))
		}
	}
	if err := fmt.Errorf("x: %w", sqlState("23505")); ErrorCode(err) != EINTERNAL || ErrorRetryAfter(err) != 0 {
		t.Errorf("a unique violation is %q", ErrorCode(err))
	}
}
