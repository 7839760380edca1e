package musicify

import (
	"fmt"
	"maps"
	"testing"
	"time"
)

func TestValidateRegistrationTellsEveryFieldAtOnce(t *testing.T) {
	for _, tc := range []struct {
		username, password, email string
		field                     string
		fields                    map[string]string
	}{
		{"", "", "", "email", map[string]string{"email": MsgEmailMissing, "password": MsgPasswordMissing, "username": MsgUsernameMissing}},
		{"a", "123", "bad", "email", map[string]string{"email": MsgEmailInvalid, "password": MsgPasswordShort, "username": MsgUsernameRule}},
		{"a", "123456", "a@b.co", "username", map[string]string{"username": MsgUsernameRule}},
		{"abc", "", "a@b.co", "password", map[string]string{"password": MsgPasswordMissing}},
		{"abc", "12345\u00e9", "a@b.co", "", nil}, // six characters, seven bytes
		{"a-b_C9", "123456", "x.y+z@sub.example.org", "", nil},
	} {
		t.Run(fmt.Sprintf("%s/%s/%s", tc.username, tc.password, tc.email), func(t *testing.T) {
			err := ValidateRegistration(tc.username, tc.password, tc.email)
			if got := ErrorField(err); got != tc.field {
				t.Errorf("field %q, want %q", got, tc.field)
			}
			if got := ErrorFields(err); !maps.Equal(got, tc.fields) {
				t.Errorf("fields %v, want %v", got, tc.fields)
			}
			if tc.field != "" && ErrorMessage(err) != tc.fields[tc.field] {
				t.Errorf("message %q, want the first field's %q", ErrorMessage(err), tc.fields[tc.field])
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

// A zone no longer known (a database without it) counts days in UTC
// rather than failing the person's mixes.
func TestAnUnknownTimeZoneIsUTC(t *testing.T) {
	for zone, want := range map[string]string{"": "UTC", "Europe/Berlin": "Europe/Berlin", "Atlantis/Capital": "UTC", "Local": "UTC"} {
		if got := (&User{TimeZone: zone}).Location().String(); got != want {
			t.Errorf("zone %q: %s, want %s", zone, got, want)
		}
	}
}
