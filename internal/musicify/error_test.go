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
