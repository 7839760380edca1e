package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestSignUpWithTheMailedCode(t *testing.T) {
	e := newEnv(t)
	c := e.client()

	r := c.post("/api/auth/cheak", creds{"username": "Ann_1", "email": " Ann@Example.com ", "password": "secret1"})
	expect(t, r, 200, "We sent a 6-digit code to ann@example.com.")
	if r.Body["okay"] != float64(123) {
		t.Errorf("okay = %v, want 123", r.Body["okay"])
	}
	if _, leaked := r.Body["otp"]; leaked {
		t.Fatalf("the code left the server: %s", r.Raw)
	}

	m := e.SMTP.WaitFor(t, "ann@example.com", 1)
	if !strings.Contains(m.Subject(), "sign-up code") || strings.Contains(strings.ToLower(m.Body), "logging in") {
		t.Errorf("sign-up mail reads wrong: %q / %q", m.Subject(), m.Body)
	}
	if !strings.Contains(m.Body, "Hi Ann_1") || !strings.Contains(m.Body, "expires in 10 minutes") {
		t.Errorf("sign-up mail body: %q", m.Body)
	}
	code := e.code("ann@example.com", 1)

	if r := c.get("/api/verified"); r.Status != 401 {
		t.Fatalf("verified before sign-up: %d", r.Status)
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	expect(t, c.post("/api/auth/signup", creds{"username": "Ann_1", "email": "ann@example.com", "password": "secret1", "otp": wrong}),
		400, "That code isn’t right. Check the mail and try again.")
	if r := c.get("/api/verified"); r.Status != 401 {
		t.Fatalf("a wrong code signed in: %d", r.Status)
	}

	r = c.post("/api/auth/signup", creds{"username": "Ann_1", "email": "ann@example.com", "password": "secret1", "otp": code})
	expect(t, r, 200, "success")
	var session *http.Cookie
	for _, ck := range r.Cookies {
		if ck.Name == "musicify_session" {
			session = ck
		}
	}
	if session == nil || !session.HttpOnly || session.SameSite != http.SameSiteLaxMode || session.Secure ||
		session.MaxAge != 30*24*3600 || len(session.Value) < 40 {
		t.Fatalf("session cookie = %+v", session)
	}
	expect(t, c.get("/api/verified"), 200, "success")
	p := c.get("/api/auth/profile")
	if p.Status != 200 || p.Body["username"] != "Ann_1" || p.Body["email"] != "ann@example.com" || p.Body["_id"] == "" {
		t.Fatalf("profile = %d %s", p.Status, p.Raw)
	}
	assertNoSecrets(t, p)

	// The code is used up: a second sign-up with it fails and no twin account appears.
	expect(t, e.client().post("/api/auth/signup", creds{"username": "Ann_1", "email": "ann@example.com", "password": "secret1", "otp": code}),
		400, "No sign-up is waiting for this email. Please register again.")
	if users, _ := e.DB.Users(t.Context()); len(users) != 1 {
		t.Fatalf("%d users, want 1", len(users))
	}
	// And the new account logs in.
	expect(t, e.client().post("/api/auth/login", creds{"username": "ann_1", "password": "secret1"}), 200, "success")
}

func TestRegistrationIsValidatedOnTheServer(t *testing.T) {
	e := newEnv(t)
	e.signUp("taken", "taken@example.com", "secret1")
	for _, tc := range []struct {
		name                      string
		username, email, password string
		status                    int
		message                   string
	}{
		{"an empty field", "", "a@example.com", "secret1", 400, "Please choose a username"},
		{"no password", "bob", "a@example.com", "", 400, "Please choose a password"},
		{"a short password", "bob", "a@example.com", "12345", 400, "Your password needs at least 6 characters"},
		{"a 257-character password", "bob", "a@example.com", strings.Repeat("p", 257), 400, "Password must be at most 256 characters"},
		{"a two-letter username", "bo", "a@example.com", "secret1", 400, "Username must be 3 to 32 letters, digits, _ or -"},
		{"a username with a space", "bo b", "a@example.com", "secret1", 400, "Username must be 3 to 32 letters, digits, _ or -"},
		{"a 33-character username", strings.Repeat("b", 33), "a@example.com", "secret1", 400, "Username must be 3 to 32 letters, digits, _ or -"},
		{"an email without a domain", "bob", "bob@", "secret1", 400, "Please enter a valid email address"},
		{"an email with a name", "bob", "Bob <bob@example.com>", "secret1", 400, "Please enter a valid email address"},
		{"an email without a dot", "bob", "bob@localhost", "secret1", 400, "Please enter a valid email address"},
		{"a taken username in other case", "TAKEN", "new@example.com", "secret1", 409, "This username is already taken"},
	} {
		t.Run("refuses "+tc.name, func(t *testing.T) {
			expect(t, e.client().post("/api/auth/cheak", creds{"username": tc.username, "email": tc.email, "password": tc.password}),
				tc.status, tc.message)
		})
	}
	t.Run("accepts exactly 6 and 256 characters and 3 and 32 letters", func(t *testing.T) {
		expect(t, e.client().post("/api/auth/cheak", creds{"username": "abc", "email": "six@example.com", "password": "123456"}), 200, "")
		expect(t, e.client().post("/api/auth/cheak", creds{"username": strings.Repeat("z", 32), "email": "long@example.com", "password": strings.Repeat("p", 256)}), 200, "")
	})
	t.Run("refuses a body that is not JSON", func(t *testing.T) {
		req, _ := http.NewRequest("POST", e.URL+"/api/auth/cheak", strings.NewReader("{username:"))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 400 {
			t.Fatalf("status %d", res.StatusCode)
		}
	})
	if n := e.SMTP.Count("a@example.com"); n != 0 {
		t.Errorf("%d mails sent for refused registrations", n)
	}
}

// Signing up with an email that has an account answered 409, telling
// anyone whose email has one. Now the answer is the one a new email gets,
// and the owner is mailed that they have an account, with no code.
func TestSignUpDoesNotTellWhoseEmailHasAnAccount(t *testing.T) {
	e := newEnv(t)
	e.signUp("taken", "taken@example.com", "secret1")
	e.Clock.Advance(time.Minute) // past the pause between two codes to one email
	fresh := e.client().post("/api/auth/cheak", creds{"username": "newcomer", "email": "new@example.com", "password": "secret1"})
	taken := e.client().post("/api/auth/cheak", creds{"username": "newname", "email": "Taken@Example.com", "password": "secret1"})
	if fresh.Status != 200 || taken.Status != fresh.Status || strings.ReplaceAll(taken.Raw, "taken@", "new@") != fresh.Raw {
		t.Fatalf("a new email: %d %s; one with an account: %d %s", fresh.Status, fresh.Raw, taken.Status, taken.Raw)
	}
	m := e.SMTP.WaitFor(t, "taken@example.com", 2) // the first was the owner's sign-up code
	if m.Subject() != "You already have a Musicify account" || !strings.Contains(m.Body, "under the username taken") ||
		codeInSubject.MatchString(m.Subject()) {
		t.Errorf("mail to the owner: %q\n%s", m.Subject(), m.Body)
	}
	expect(t, e.client().post("/api/auth/signup", creds{"username": "newname", "email": "taken@example.com", "password": "secret1", "otp": "000000"}),
		400, "")
}

func TestSignUpCodeExpiresAfterTenMinutes(t *testing.T) {
	e := newEnv(t)
	c := e.client()
	c.post("/api/auth/cheak", creds{"username": "late", "email": "late@example.com", "password": "secret1"})
	code := e.code("late@example.com", 1)
	e.Clock.Advance(10*time.Minute + time.Second)
	expect(t, c.post("/api/auth/signup", creds{"email": "late@example.com", "otp": code}), 400, "This code has expired. Please ask for a new one.")
	// The pending sign-up waits for a new code: no need to register again.
	expect(t, c.post("/api/auth/resend", creds{"email": "late@example.com"}), 200, "")
	expect(t, c.post("/api/auth/signup", creds{"email": "late@example.com", "otp": code}), 400, "That code isn’t right. Check the mail and try again.")
	expect(t, c.post("/api/auth/signup", creds{"email": "late@example.com", "otp": e.code("late@example.com", 2)}), 200, "success")
}

func TestSignUpCodeAllowsFiveWrongTries(t *testing.T) {
	e := newEnv(t)
	c := e.client()
	c.post("/api/auth/cheak", creds{"username": "guess", "email": "guess@example.com", "password": "secret1"})
	code := e.code("guess@example.com", 1)
	wrong := "123456"
	if code == wrong {
		wrong = "654321"
	}
	for i := 1; i <= 4; i++ {
		expect(t, c.post("/api/auth/signup", creds{"email": "guess@example.com", "otp": wrong}), 400, "That code isn’t right. Check the mail and try again.")
	}
	expect(t, c.post("/api/auth/signup", creds{"email": "guess@example.com", "otp": wrong}), 400,
		"That code isn’t right, and that was the last try. Please ask for a new code.")
	// The right code no longer helps: a new one is needed.
	expect(t, c.post("/api/auth/signup", creds{"email": "guess@example.com", "otp": code}), 400,
		"Too many wrong tries for this code. Please ask for a new one.")
	e.Clock.Advance(21 * time.Second)
	expect(t, c.post("/api/auth/resend", creds{"email": "guess@example.com"}), 200, "")
	expect(t, c.post("/api/auth/signup", creds{"email": "guess@example.com", "otp": e.code("guess@example.com", 2)}), 200, "success")
}

func TestSignUpAfterARefreshNeedsNoPassword(t *testing.T) {
	e := newEnv(t)
	c := e.client()
	c.post("/api/auth/cheak", creds{"username": "fresh", "email": "fresh@example.com", "password": "secret1"})
	code := e.code("fresh@example.com", 1)
	expect(t, c.post("/api/auth/signup", creds{"username": "other", "email": "fresh@example.com", "otp": code}), 400,
		"These details differ from the ones the code was sent for. Please register again.")
	expect(t, c.post("/api/auth/signup", creds{"username": "fresh", "email": "fresh@example.com", "password": "another", "otp": code}), 400,
		"These details differ from the ones the code was sent for. Please register again.")
	expect(t, c.post("/api/auth/signup", creds{"username": "fresh", "email": "fresh@example.com", "otp": code}), 200, "success")
	expect(t, e.client().post("/api/auth/login", creds{"username": "fresh", "password": "secret1"}), 200, "success")
}

func TestResendReplacesTheCode(t *testing.T) {
	e := newEnv(t)
	c := e.client()
	expect(t, c.post("/api/auth/resend", creds{"email": "nobody@example.com"}), 400,
		"No sign-up is waiting for this email. Please register again.")
	c.post("/api/auth/cheak", creds{"username": "again", "email": "again@example.com", "password": "secret1"})
	first := e.code("again@example.com", 1)

	r := c.post("/api/auth/resend", creds{"email": "again@example.com"})
	if r.Status != 429 || r.Header.Get("Retry-After") == "" || !strings.Contains(r.msg(), "Try again in") {
		t.Fatalf("an immediate resend: %d %s (Retry-After %q)", r.Status, r.Raw, r.Header.Get("Retry-After"))
	}
	e.Clock.Advance(21 * time.Second)
	expect(t, c.post("/api/auth/resend", creds{"email": "again@example.com"}), 200, "We sent a new code to again@example.com.")
	second := e.code("again@example.com", 2)
	if first != second {
		expect(t, c.post("/api/auth/signup", creds{"email": "again@example.com", "otp": first}), 400, "That code isn’t right. Check the mail and try again.")
	}
	expect(t, c.post("/api/auth/signup", creds{"email": "again@example.com", "otp": second}), 200, "success")
}

func TestLoginAndLogout(t *testing.T) {
	e := newEnv(t)
	e.signUp("carol", "carol@example.com", "secret1")

	for _, login := range []string{"carol", "CAROL", "carol@example.com", "Carol@Example.com"} {
		expect(t, e.client().post("/api/auth/login", creds{"username": login, "password": "secret1"}), 200, "success")
	}
	expect(t, e.client().post("/api/auth/login", creds{"username": "carol", "password": "secret2"}), 401, "Wrong username or password")
	expect(t, e.client().post("/api/auth/login", creds{"username": "nobody", "password": "secret1"}), 401, "Wrong username or password")
	expect(t, e.client().post("/api/auth/login", creds{"username": "", "password": ""}), 400, "Please enter your username and password")

	c := e.client()
	c.post("/api/auth/login", creds{"username": "carol", "password": "secret1"})
	token := sessionToken(t, c, e)
	expect(t, c.get("/api/verified"), 200, "success")
	r := c.post("/api/auth/logout", nil)
	expect(t, r, 200, "success")
	if ck := r.Cookies[0]; ck.Name != "musicify_session" || ck.MaxAge >= 0 {
		t.Errorf("logout did not clear the cookie: %+v", ck)
	}
	expect(t, c.get("/api/verified"), 401, "You are not signed in.")
	// The token itself is dead, not only forgotten by the browser.
	replay := e.client()
	replay.Header.Set("Cookie", "musicify_session="+token)
	expect(t, replay.get("/api/verified"), 401, "You are not signed in.")
	// Logging out twice is fine.
	expect(t, c.post("/api/auth/logout", nil), 200, "success")
}

func sessionToken(t *testing.T, c *client, e *env) string {
	t.Helper()
	u, _ := http.NewRequest("GET", e.URL, nil)
	for _, ck := range c.http.Jar.Cookies(u.URL) {
		if ck.Name == "musicify_session" {
			return ck.Value
		}
	}
	t.Fatal("no session cookie")
	return ""
}

func TestSessionsSlideForThirtyDays(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("dave", "dave@example.com", "secret1")
	e.Clock.Advance(29 * 24 * time.Hour)
	r := c.get("/api/verified")
	expect(t, r, 200, "success")
	if len(r.Cookies) != 1 || r.Cookies[0].MaxAge != 30*24*3600 {
		t.Errorf("a session in use was not renewed: cookies %+v", r.Cookies)
	}
	e.Clock.Advance(29 * 24 * time.Hour) // 58 days after sign-up, 29 after last use
	expect(t, c.get("/api/verified"), 200, "success")
	e.Clock.Advance(30*24*time.Hour + time.Minute) // unused for 30 days
	expect(t, c.get("/api/verified"), 401, "You are not signed in.")
}

func TestPasswordReset(t *testing.T) {
	e := newEnv(t)
	phone := e.signUp("erin", "erin@example.com", "oldpass")
	laptop := e.client()
	expect(t, laptop.post("/api/auth/login", creds{"username": "erin", "password": "oldpass"}), 200, "success")

	c := e.client()
	known := c.post("/api/auth/getotp", creds{"email": "erin@example.com"})
	unknown := c.post("/api/auth/getotp", creds{"email": "ghost@example.com"})
	if known.Status != 200 || unknown.Status != 200 || known.Body["okay"] != float64(123) || unknown.Body["okay"] != float64(123) {
		t.Fatalf("getotp: %s / %s", known.Raw, unknown.Raw)
	}
	if strings.Replace(known.msg(), "erin@", "ghost@", 1) != unknown.msg() {
		t.Errorf("answers differ for known and unknown emails: %q vs %q", known.msg(), unknown.msg())
	}
	if _, leaked := known.Body["otp"]; leaked {
		t.Fatal("getotp returned the code")
	}
	expect(t, c.post("/api/auth/getotp", creds{"email": "not-an-email"}), 400, "Please enter a valid email address")

	m := e.SMTP.WaitFor(t, "erin@example.com", 2) // the first was the sign-up code
	if !strings.Contains(m.Subject(), "password reset code") || !strings.Contains(m.Body, "reset the password") {
		t.Errorf("reset mail reads wrong: %q / %q", m.Subject(), m.Body)
	}
	code := e.code("erin@example.com", 2)
	wrong := "999999"
	if code == wrong {
		wrong = "888888"
	}

	expect(t, c.post("/api/auth/verifyotp", creds{"email": "erin@example.com", "otp": wrong}), 400, "That code isn’t right. Check the mail and try again.")
	expect(t, c.post("/api/auth/verifyotp", creds{"email": "erin@example.com", "otp": code}), 200, "success")
	expect(t, c.do("PUT", "/api/auth/changepass", creds{"email": "erin@example.com", "otp": wrong, "password": "newpass"}), 400, "That code isn’t right. Check the mail and try again.")
	expect(t, c.do("PUT", "/api/auth/changepass", creds{"email": "erin@example.com", "otp": code, "password": "short"}), 400,
		"Your password needs at least 6 characters")
	// Nothing changed so far.
	expect(t, phone.get("/api/verified"), 200, "success")
	expect(t, e.client().post("/api/auth/login", creds{"username": "erin", "password": "oldpass"}), 200, "success")

	r := c.do("PUT", "/api/auth/changepass", creds{"email": "erin@example.com", "otp": code, "password": "newpass"})
	if r.Status != 200 || r.Body["message"] != nil {
		t.Fatalf("changepass: %d %s (success has no message)", r.Status, r.Raw)
	}
	expect(t, phone.get("/api/verified"), 401, "You are not signed in.")
	expect(t, laptop.get("/api/verified"), 401, "You are not signed in.")
	expect(t, e.client().post("/api/auth/login", creds{"username": "erin", "password": "oldpass"}), 401, "Wrong username or password")
	expect(t, e.client().post("/api/auth/login", creds{"username": "erin", "password": "newpass"}), 200, "success")
	// The code cannot be used again.
	expect(t, c.do("PUT", "/api/auth/changepass", creds{"email": "erin@example.com", "otp": code, "password": "thirdpass"}), 400, "That code isn’t right. Check the mail and try again.")
	expect(t, e.client().post("/api/auth/login", creds{"username": "erin", "password": "newpass"}), 200, "success")
	if e.SMTP.Count("ghost@example.com") != 0 {
		t.Error("a reset mail went to an address without an account")
	}
}

func TestResetCodeExpires(t *testing.T) {
	e := newEnv(t)
	e.signUp("fay", "fay@example.com", "oldpass")
	c := e.client()
	c.post("/api/auth/getotp", creds{"email": "fay@example.com"})
	code := e.code("fay@example.com", 2)
	e.Clock.Advance(11 * time.Minute)
	expect(t, c.post("/api/auth/verifyotp", creds{"email": "fay@example.com", "otp": code}), 400, "This code has expired. Please ask for a new one.")
	expect(t, c.do("PUT", "/api/auth/changepass", creds{"email": "fay@example.com", "otp": code, "password": "newpass"}), 400,
		"This code has expired. Please ask for a new one.")
	expect(t, e.client().post("/api/auth/login", creds{"username": "fay", "password": "oldpass"}), 200, "success")
}

func TestProfilesShowNoSecrets(t *testing.T) {
	e := newEnv(t)
	gus := e.signUp("gus", "gus@example.com", "secret1")
	e.signUp("hal", "hal@example.com", "secret1")

	expect(t, e.client().get("/api/auth/profile"), 401, "You are not signed in.")
	expect(t, e.client().get("/api/auth/all"), 401, "You are not signed in.")
	expect(t, e.client().post("/api/auth/profile", creds{"username": "hal"}), 401, "You are not signed in.")

	r := gus.post("/api/auth/profile", creds{"username": "HAL"})
	user, _ := r.Body["user"].(map[string]any)
	if r.Status != 200 || user["username"] != "hal" {
		t.Fatalf("profile of hal: %d %s", r.Status, r.Raw)
	}
	// Another user's email is never shown.
	if strings.Contains(r.Raw, "@") {
		t.Errorf("another user's profile shows an email: %s", r.Raw)
	}
	own := gus.post("/api/auth/profile", creds{"username": "gus"})
	if mine, _ := own.Body["user"].(map[string]any); own.Status != 200 || mine["email"] != "gus@example.com" {
		t.Errorf("own profile by name should keep the email: %d %s", own.Status, own.Raw)
	}
	if list, ok := r.Body["playlist"].([]any); !ok || len(list) != 0 {
		t.Errorf("playlist = %v, want an empty list", r.Body["playlist"])
	}
	assertNoSecrets(t, r)
	expect(t, gus.post("/api/auth/profile", creds{"username": "nobody"}), 404, "This user does not exist.")
	expect(t, gus.post("/api/auth/profile", creds{}), 400, "Please say whose profile to show (username).")

	all := gus.get("/api/auth/all")
	users, _ := all.Body["users"].([]any)
	if all.Status != 200 || len(users) != 1 || users[0].(map[string]any)["username"] != "hal" {
		t.Fatalf("all users: %s", all.Raw)
	}
	if strings.Contains(all.Raw, "@") {
		t.Errorf("the user list shows emails: %s", all.Raw)
	}
	assertNoSecrets(t, all)
}

// assertNoSecrets fails when a response carries anything like a password or hash.
func assertNoSecrets(t *testing.T, r reply) {
	t.Helper()
	low := strings.ToLower(r.Raw)
	for _, bad := range []string{"argon2", "password", "hash", "otp", "secret1"} {
		if strings.Contains(low, bad) {
			t.Errorf("response contains %q: %s", bad, r.Raw)
		}
	}
}

// Lists of people tell artists from listeners: an uploader's songs are
// counted and the artist name they chose comes with them, in All users
// and in search alike.
func TestPeopleListsSayWhoUploads(t *testing.T) {
	e := newEnv(t)
	gus := e.signUp("gus", "gus@example.com", "secret1")
	ann := e.signUp("neon-harbor", "ann@example.com", "secret1")
	e.signUp("hal", "hal@example.com", "secret1")
	ann.song(t, "Slow Tide", "sine.mp3")
	ann.song(t, "Low Tide", "tune-12s.mp3")
	expect(t, ann.do("PUT", "/api/artist/name", creds{"name": "Neon Harbor"}), 200, "")

	person := func(list []any, username string) map[string]any {
		for _, p := range list {
			if m := p.(map[string]any); m["username"] == username {
				return m
			}
		}
		t.Fatalf("%s is not listed: %v", username, list)
		return nil
	}
	all, _ := gus.get("/api/auth/all").Body["users"].([]any)
	if p := person(all, "neon-harbor"); p["songs"] != 2.0 || p["name"] != "Neon Harbor" {
		t.Errorf("the uploader in All users: %v", p)
	}
	if p := person(all, "hal"); p["songs"] != 0.0 || p["name"] != nil {
		t.Errorf("a listener in All users: %v", p)
	}
	found := gus.get("/api/search?q=neon")
	people, _ := found.Body["users"].([]any)
	if p := person(people, "neon-harbor"); p["songs"] != 2.0 || p["name"] != "Neon Harbor" {
		t.Errorf("the uploader in search: %v (%s)", p, found.Raw)
	}
}
