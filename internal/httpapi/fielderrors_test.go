package httpapi_test

import (
	"testing"
	"time"
)

// fieldOf is the input field an error answer names, or "".
func fieldOf(r reply) string { s, _ := r.Body["field"].(string); return s }

// A form shows a refusal beside the field it is about: each answer that can
// name its field does, and one about the whole request names none.
func TestRefusalsNameTheFieldTheyAreAbout(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("ann", "ann@example.com", "secret1")
	mp3 := readFixture(t, "audio", "tune-12s.mp3")
	start := e.Clock.Now().Add(time.Hour).Format(time.RFC3339)
	for _, tc := range []struct {
		name  string
		r     func() reply
		field string
	}{
		{"a short password", func() reply {
			return e.client().post("/api/auth/cheak", creds{"username": "bob", "email": "bob@example.com", "password": "abc"})
		}, "password"},
		{"a bad username", func() reply {
			return e.client().post("/api/auth/cheak", creds{"username": "b b", "email": "bob@example.com", "password": "secret1"})
		}, "username"},
		{"a bad email", func() reply {
			return e.client().post("/api/auth/cheak", creds{"username": "bob", "email": "bob@", "password": "secret1"})
		}, "email"},
		{"a taken username", func() reply {
			return e.client().post("/api/auth/cheak", creds{"username": "ANN", "email": "bob@example.com", "password": "secret1"})
		}, "username"},
		{"missing fields", func() reply {
			return e.client().post("/api/auth/cheak", creds{"username": "bob"})
		}, "email"},
		{"a wrong password", func() reply {
			return e.client().post("/api/auth/login", creds{"username": "ann", "password": "wrong one"})
		}, "password"},
		{"a wrong reset code", func() reply {
			return e.client().post("/api/auth/verifyotp", creds{"email": "ann@example.com", "otp": "000000"})
		}, "otp"},
		{"an upload without a name", func() reply { return c.upload(upload{name: " ", audio: mp3}) }, "song"},
		{"an upload without audio", func() reply { return c.upload(upload{name: "x"}) }, "audio"},
		{"an upload that is not audio", func() reply {
			return c.upload(upload{name: "x", audio: readFixture(t, "audio", "text.mp3")})
		}, "audio"},
		{"a station without a name", func() reply { return c.createStation(t, "", start, mp3) }, "name"},
		{"a station with a bad date", func() reply { return c.createStation(t, "Morning", "16:00", mp3) }, "date"},
		{"a playlist without a name", func() reply { return c.post("/api/playlist/create", creds{"name": " "}) }, "name"},
		{"an unknown call", func() reply { return c.get("/api/nothing-here") }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r()
			if r.Status < 400 || fieldOf(r) != tc.field {
				t.Fatalf("got %d %s, want the field %q", r.Status, r.Raw, tc.field)
			}
			if _, present := r.Body["field"]; tc.field == "" && present {
				t.Fatalf("an answer about no field names one: %s", r.Raw)
			}
		})
	}
}

// A sign-up with several mistakes is told them all in one answer, each
// beside its field, so a person fixes the form in one go.
func TestASignUpHearsEveryMistakeAtOnce(t *testing.T) {
	e := newEnv(t)
	r := e.client().post("/api/auth/cheak", creds{"username": "b b", "email": "", "password": "abc"})
	expect(t, r, 400, "Please enter your email")
	fields, _ := r.Body["fields"].(map[string]any)
	want := map[string]string{
		"email":    "Please enter your email",
		"password": "Your password needs at least 6 characters",
		"username": "Username must be 3 to 32 letters, digits, _ or -",
	}
	if len(fields) != len(want) {
		t.Fatalf("fields %v, want %v", fields, want)
	}
	for f, m := range want {
		if fields[f] != m {
			t.Errorf("%s: %v, want %q", f, fields[f], m)
		}
	}
	if one := e.client().post("/api/auth/cheak", creds{"username": "bob", "email": "bob@", "password": "secret1"}); one.Body["fields"] == nil {
		t.Errorf("one mistake: no fields list: %s", one.Raw)
	}
}
