package config

import (
	"slices"
	"testing"
)

func TestSignupModeAndAdminsAreParsed(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Signup != "open" || c.Admins != nil {
		t.Errorf("defaults: signup %q, admins %q", c.Signup, c.Admins)
	}
	c, err = Load(env(map[string]string{"MUSICIFY_SIGNUP": " Invite ", "MUSICIFY_ADMIN": "ann, bob_2,,Cy-3 "}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Signup != "invite" || !slices.Equal(c.Admins, []string{"ann", "bob_2", "Cy-3"}) {
		t.Errorf("parsed: signup %q, admins %q", c.Signup, c.Admins)
	}
}

func TestBadSignupModeOrAdminNameIsRefused(t *testing.T) {
	for _, tc := range []struct{ name, value string }{
		{"MUSICIFY_SIGNUP", "sometimes"},
		{"MUSICIFY_ADMIN", "ann,b c"},
		{"MUSICIFY_ADMIN", "ann@example.com"},
		{"MUSICIFY_ADMIN", "~library"},
	} {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			_, err := Load(env(map[string]string{tc.name: tc.value}))
			if ce, ok := err.(*Error); !ok || ce.Var != tc.name {
				t.Fatalf("err = %v, want one naming %s", err, tc.name)
			}
		})
	}
}
