package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/apppass"
)

// assertNoHashes checks an answer about passwords for what must never
// leave the server: a hash, or the passwords themselves.
func assertNoHashes(t *testing.T, r reply, passwords ...string) {
	t.Helper()
	for _, bad := range append([]string{"argon2", "hash", "otp"}, passwords...) {
		if strings.Contains(strings.ToLower(r.Raw), strings.ToLower(bad)) {
			t.Errorf("answer contains %q: %s", bad, r.Raw)
		}
	}
}

func TestChangingThePasswordKeepsOnlyThisSession(t *testing.T) {
	e := newEnv(t)
	ann := e.signUp("ann", "ann@example.com", "secret1")
	phone := e.client()
	expect(t, phone.post("/api/auth/login", creds{"username": "ann", "password": "secret1"}), 200, "success")

	expect(t, e.client().do("PUT", "/api/account/password", creds{"currentPassword": "secret1", "password": "better2"}), 401, "")
	for _, tc := range []struct {
		name           string
		current, next  string
		message, field string
	}{
		{"no current password", "", "better2", "Please enter your current password.", "currentPassword"},
		{"a short new password", "secret1", "12345", "Your password needs at least 6 characters", "password"},
		{"a long new password", "secret1", strings.Repeat("p", 257), "Password must be at most 256 characters", "password"},
		{"a wrong current password", "secret2", "better2", "Your current password is not right.", "currentPassword"},
	} {
		r := ann.do("PUT", "/api/account/password", creds{"currentPassword": tc.current, "password": tc.next})
		expect(t, r, 400, tc.message)
		if r.Body["field"] != tc.field {
			t.Errorf("%s: field %v, want %s", tc.name, r.Body["field"], tc.field)
		}
	}
	expect(t, phone.get("/api/verified"), 200, "success") // nothing changed yet

	r := ann.do("PUT", "/api/account/password", creds{"currentPassword": "secret1", "password": "better2"})
	expect(t, r, 200, "Your password is changed. You are signed out everywhere else.")
	assertNoHashes(t, r, "secret1", "better2")
	expect(t, ann.get("/api/verified"), 200, "success")
	expect(t, phone.get("/api/verified"), 401, "")
	expect(t, e.client().post("/api/auth/login", creds{"username": "ann", "password": "secret1"}), 401, "Wrong username or password")
	expect(t, e.client().post("/api/auth/login", creds{"username": "ann", "password": "better2"}), 200, "success")
	if strings.Contains(e.Log.String(), "better2") || strings.Contains(e.Log.String(), "argon2") {
		t.Errorf("the log holds a password or hash:\n%s", e.Log.String())
	}
}

// Someone at an unlocked browser cannot try passwords faster than at the
// sign-in page: wrong current passwords count as wrong logins.
func TestWrongCurrentPasswordsAreRateLimitedLikeLogins(t *testing.T) {
	e := newEnv(t)
	ann := e.signUp("ann", "ann@example.com", "secret1")
	for i := range 10 {
		expect(t, ann.do("PUT", "/api/account/password", creds{"currentPassword": "guess" + string(rune('a'+i)), "password": "better2"}),
			400, "Your current password is not right.")
	}
	r := ann.do("PUT", "/api/account/password", creds{"currentPassword": "secret1", "password": "better2"})
	if r.Status != 429 || r.Header.Get("Retry-After") == "" {
		t.Fatalf("the 11th try: %d %s", r.Status, r.Raw)
	}
	// The same count guards the sign-in page and deleting the account.
	expect(t, e.client().post("/api/auth/login", creds{"username": "ann", "password": "secret1"}), 429, "")
	if r := ann.do("DELETE", "/api/account", creds{"password": "secret1"}); r.Status != 429 {
		t.Fatalf("deleting after 10 wrong passwords: %d %s", r.Status, r.Raw)
	}
	e.Clock.Advance(16 * time.Minute)
	expect(t, ann.do("PUT", "/api/account/password", creds{"currentPassword": "secret1", "password": "better2"}), 200, "")
}

func TestChangingTheEmailNeedsTheCodeMailedToTheNewAddress(t *testing.T) {
	e := newEnv(t)
	ann := e.signUp("ann", "ann@example.com", "secret1")
	bob := e.signUp("bob", "bob@example.com", "secret1")

	expect(t, e.client().post("/api/account/email/code", creds{"email": "new@example.com"}), 401, "")
	expect(t, ann.post("/api/account/email/code", creds{"email": "nope"}), 400, "Please enter a valid email address")
	expect(t, ann.post("/api/account/email/code", creds{"email": " ANN@example.com"}), 400, "This is already your email address.")
	r := ann.post("/api/account/email/code", creds{"email": "Bob@Example.com"})
	expect(t, r, 409, "An account with this email already exists")
	if r.Body["field"] != "email" {
		t.Errorf("field: %s", r.Raw)
	}

	r = ann.post("/api/account/email/code", creds{"email": " Ann.New@Example.com "})
	expect(t, r, 200, "We sent a 6-digit code to ann.new@example.com.")
	assertNoHashes(t, r)
	m := e.SMTP.WaitFor(t, "ann.new@example.com", 1)
	if !strings.Contains(m.Subject(), "email change code") || !strings.Contains(m.Body, "Hi ann") {
		t.Errorf("mail: %q\n%s", m.Subject(), m.Body)
	}
	code := e.code("ann.new@example.com", 1)
	// Asking again at once is refused: one code per 20 seconds per mailbox.
	expect(t, ann.post("/api/account/email/code", creds{"email": "ann.new@example.com"}), 429, "")

	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	expect(t, ann.do("PUT", "/api/account/email", creds{"email": "ann.new@example.com", "otp": wrong}), 400, "That code isn’t right. Check the mail and try again.")
	expect(t, ann.do("PUT", "/api/account/email", creds{"email": "ann.new@example.com"}), 400, "Please enter the code from the mail")
	// The code is ann's: bob, knowing it, cannot take the address with it.
	expect(t, bob.do("PUT", "/api/account/email", creds{"email": "ann.new@example.com", "otp": code}), 400, "That code isn’t right. Check the mail and try again.")

	r = ann.do("PUT", "/api/account/email", creds{"email": "ann.new@example.com", "otp": code})
	expect(t, r, 200, "Your email is now ann.new@example.com.")
	if r.Body["email"] != "ann.new@example.com" {
		t.Fatalf("answer: %s", r.Raw)
	}
	if p := ann.get("/api/auth/profile"); p.Body["email"] != "ann.new@example.com" {
		t.Fatalf("profile: %s", p.Raw)
	}
	// The code is used up, and the old address no longer signs in.
	expect(t, ann.do("PUT", "/api/account/email", creds{"email": "ann.new@example.com", "otp": code}), 400, "This is already your email address.")
	expect(t, e.client().post("/api/auth/login", creds{"username": "ann@example.com", "password": "secret1"}), 401, "")
	expect(t, e.client().post("/api/auth/login", creds{"username": "ann.new@example.com", "password": "secret1"}), 200, "success")
}

// Two people racing for one free address: the code of the one who asked
// last works, and whoever confirms second is told the address is taken.
func TestAnAddressTakenWhileTheCodeWaitsIsRefused(t *testing.T) {
	e := newEnv(t)
	ann := e.signUp("ann", "ann@example.com", "secret1")
	expect(t, ann.post("/api/account/email/code", creds{"email": "shared@example.com"}), 200, "")
	code := e.code("shared@example.com", 1)
	e.signUp("cyd", "shared@example.com", "secret1")
	expect(t, ann.do("PUT", "/api/account/email", creds{"email": "shared@example.com", "otp": code}), 409, "An account with this email already exists")
}

func TestDeletingYourAccountRemovesItsRowsAndFiles(t *testing.T) {
	var apps *apppass.Service
	e := newEnv(t, withAppPasswords(t, &apps))
	admin := e.signUp("ann", "ann@example.com", "secret1") // the first person: the admin
	bob := e.signUp("bob", "bob@example.com", "secret1")
	keep := songIn(admin.upload(upload{name: "Stays", audio: readFixture(t, "audio", "sine.mp3")}))["_id"].(string)
	before := filesUnder(t, e.Media)

	song := songIn(bob.upload(upload{name: "Goes", audio: readFixture(t, "audio", "sine.wav"), cover: readFixture(t, "images", "cover.png")}))["_id"].(string)
	list := bob.post("/api/playlist/create", map[string]string{"name": "Bob's"})
	listID := list.Body["playlist"].(map[string]any)["_id"].(string)
	expect(t, bob.multipart("/api/playlist/cover", map[string]string{"id": listID}, "cover", readFixture(t, "images", "cover.jpg")), 200, "")
	expect(t, bob.multipart("/api/artist/cover", nil, "cover", readFixture(t, "images", "cover.png")), 200, "")
	expect(t, bob.post("/api/like/add", map[string]string{"song": keep}), 200, "")
	expect(t, bob.post("/api/auth/allfollow", creds{"id": idOf(t, admin, "ann")}), 200, "")
	expect(t, admin.post("/api/auth/allfollow", creds{"id": idOf(t, admin, "bob")}), 200, "")
	app := bob.post("/api/app-passwords", creds{"name": "Phone"})
	expect(t, app, 201, "")
	bobID := idOf(t, admin, "bob")
	phone := e.client()
	expect(t, phone.post("/api/auth/login", creds{"username": "bob", "password": "secret1"}), 200, "")
	if len(filesUnder(t, e.Media)) <= len(before) {
		t.Fatal("bob's uploads made no files")
	}

	expect(t, e.client().do("DELETE", "/api/account", creds{"password": "secret1"}), 401, "")
	r := bob.do("DELETE", "/api/account", creds{"password": "wrong-one"})
	expect(t, r, 400, "Your current password is not right.")
	if r.Body["field"] != "password" {
		t.Errorf("field: %s", r.Raw)
	}
	expect(t, bob.do("DELETE", "/api/account", creds{}), 400, "Please enter your current password.")
	expect(t, bob.get("/api/verified"), 200, "")

	r = bob.do("DELETE", "/api/account", creds{"password": "secret1"})
	expect(t, r, 200, "Your account is deleted, with everything you uploaded.")
	cleared := false
	for _, c := range r.Cookies {
		cleared = cleared || (c.Name == "musicify_session" && c.MaxAge < 0)
	}
	if !cleared {
		t.Errorf("the session cookie was not cleared: %v", r.Cookies)
	}
	expect(t, bob.get("/api/verified"), 401, "")
	expect(t, phone.get("/api/verified"), 401, "")
	expect(t, e.client().post("/api/auth/login", creds{"username": "bob", "password": "secret1"}), 401, "Wrong username or password")
	expect(t, admin.get("/api/songs/"+song), 404, "")
	expect(t, admin.get("/api/playlist/"+listID), 404, "")
	if got := filesUnder(t, e.Media); strings.Join(got, "\n") != strings.Join(before, "\n") {
		t.Fatalf("files before bob %v\nafter deleting bob %v", before, got)
	}
	if f := admin.get("/api/auth/followers"); strings.Contains(f.Raw, "bob") {
		t.Fatalf("bob still follows: %s", f.Raw)
	}
	if f := admin.get("/api/auth/followings"); strings.Contains(f.Raw, "bob") {
		t.Fatalf("ann still follows bob: %s", f.Raw)
	}
	if left, err := apps.List(t.Context(), bobID); err != nil || len(left) != 0 {
		t.Fatalf("app passwords left: %v %v", left, err)
	}
	// The name is free again.
	e.Clock.Advance(time.Minute) // past the pause between two codes to one mailbox
	e.signUp("bob", "bob@example.com", "secret1")
}

func TestTheLastAdminCannotDeleteTheirAccount(t *testing.T) {
	e := newEnv(t)
	ann := e.signUp("ann", "ann@example.com", "secret1")
	bob := e.signUp("bob", "bob@example.com", "secret1")
	expect(t, ann.do("DELETE", "/api/account", creds{"password": "secret1"}), 409,
		"You are the last admin of this server. Make someone else an admin before deleting your account.")
	expect(t, ann.get("/api/verified"), 200, "")

	expect(t, ann.do("PUT", "/api/admin/users/"+idOf(t, ann, "bob")+"/admin", map[string]bool{"admin": true}), 200, "")
	expect(t, ann.do("DELETE", "/api/account", creds{"password": "secret1"}), 200, "")
	expect(t, bob.do("DELETE", "/api/account", creds{"password": "secret1"}), 409,
		"You are the last admin of this server. Make someone else an admin before deleting your account.")
}

func TestAnAdminNamedInTheConfigCannotDeleteTheirAccount(t *testing.T) {
	e := newEnvWith(t, envOptions{Admins: []string{"ann", "bob"}})
	ann := e.signUp("ann", "ann@example.com", "secret1")
	if _, err := e.DB.GrantAdmin(t.Context(), []string{"ann"}); err != nil {
		t.Fatal(err)
	}
	expect(t, ann.do("DELETE", "/api/account", creds{"password": "secret1"}), 409,
		"You are an admin through MUSICIFY_ADMIN. Ask the person who runs the server to remove your name there first.")
}

// The browser tells the server its time zone; the session answer carries
// it back, and a name that is no zone is refused with its field.
func TestTheTimeZoneIsTheBrowsers(t *testing.T) {
	e := newEnv(t)
	ann := e.signUp("ann", "ann@example.com", "secret1")
	r := ann.get("/api/auth/session")
	if user, _ := r.Body["user"].(map[string]any); user["timeZone"] != "" {
		t.Fatalf("a new account's zone: %s", r.Raw)
	}
	expect(t, e.client().do("PUT", "/api/account/timezone", creds{"timeZone": "Asia/Tokyo"}), 401, "")
	for _, bad := range []string{"Mars/Olympus", "Local", "../../etc/passwd", strings.Repeat("A", 80)} {
		r := ann.do("PUT", "/api/account/timezone", creds{"timeZone": bad})
		expect(t, r, 400, "That is not a time zone. Use a name such as Europe/Berlin.")
		if r.Body["field"] != "timeZone" {
			t.Errorf("%q: field %v", bad, r.Body["field"])
		}
	}
	expect(t, ann.do("PUT", "/api/account/timezone", creds{"timeZone": "Asia/Tokyo"}), 200, "")
	r = ann.get("/api/auth/session")
	if user, _ := r.Body["user"].(map[string]any); user["timeZone"] != "Asia/Tokyo" {
		t.Fatalf("after setting it: %s", r.Raw)
	}
	expect(t, ann.do("PUT", "/api/account/timezone", creds{"timeZone": ""}), 200, "") // back to UTC
}
