package musicify

import (
	"fmt"
	"testing"
	"time"
)

func TestValidateRegistrationFollowsTheFormOrder(t *testing.T) {
	for _, tc := range []struct{ username, password, email, want string }{
		{"", "", "", MsgFillCredentials},
		{"a", "123", "bad", MsgPasswordShort}, // the password is checked before the name
		{"a", "123456", "bad", MsgUsernameRule},
		{"abc", "123456", "bad", MsgEmailInvalid},
		{"abc", "12345\u00e9", "a@b.co", ""}, // six characters, seven bytes
		{"a-b_C9", "123456", "x.y+z@sub.example.org", ""},
	} {
		t.Run(fmt.Sprintf("%s/%s/%s", tc.username, tc.password, tc.email), func(t *testing.T) {
			if got := ErrorMessage(ValidateRegistration(tc.username, tc.password, tc.email)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestErrorsCarryCodeAndMessage(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", Errorf(ECONFLICT, "taken"))
	if ErrorCode(err) != ECONFLICT || ErrorMessage(err) != "taken" {
		t.Errorf("code %q message %q", ErrorCode(err), ErrorMessage(err))
	}
	plain := fmt.Errorf("disk on fire")
	if ErrorCode(plain) != EINTERNAL || ErrorMessage(plain) == "disk on fire" {
		t.Errorf("an internal error leaks: %q", ErrorMessage(plain))
	}
	if ErrorCode(nil) != "" {
		t.Error("nil has a code")
	}
}

func TestHumanDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		500 * time.Millisecond: "1 second", 20 * time.Second: "20 seconds", 61 * time.Second: "1 minute",
		14*time.Minute + time.Second: "15 minutes", 90 * time.Minute: "1 hour", 3 * time.Hour: "3 hours",
	} {
		if got := HumanDuration(d); got != want {
			t.Errorf("HumanDuration(%v) = %q, want %q", d, got, want)
		}
	}
}
