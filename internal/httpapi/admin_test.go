package httpapi_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oauth2-proxy/mockoidc"

	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/musicify"
)

// adminRequests has, for each admin route by its pattern in routes.go, a
// request an admin would have accepted ({id} is cyd's, {invite} an invite's).
var adminRequests = map[string]struct {
	path string
	body any
}{
	"GET /api/admin/users":               {"/api/admin/users", nil},
	"PUT /api/admin/users/{id}/admin":    {"/api/admin/users/{id}/admin", map[string]bool{"admin": true}},
	"PUT /api/admin/users/{id}/disabled": {"/api/admin/users/{id}/disabled", map[string]bool{"disabled": false}},
	"DELETE /api/admin/users/{id}":       {"/api/admin/users/{id}?songs=keep", nil},
	"GET /api/admin/library":             {"/api/admin/library", nil},
	"POST /api/admin/library/scan":       {"/api/admin/library/scan", map[string]bool{"full": false}},
	"GET /api/admin/signup":              {"/api/admin/signup", nil},
	"PUT /api/admin/signup":              {"/api/admin/signup", map[string]string{"mode": "open"}},
	"GET /api/admin/invites":             {"/api/admin/invites", nil},
	"POST /api/admin/invites":            {"/api/admin/invites", map[string]int{"days": 1}},
	"DELETE /api/admin/invites/{id}":     {"/api/admin/invites/{invite}", nil},
	"GET /api/admin/jobs":                {"/api/admin/jobs", nil},
}

// adminRoute is an admin route and the request that tries it.
type adminRoute struct {
	method, path string
	body         any
}

// adminRoutes are the admin routes of routes.go, each with its request;
// a route without one fails the test, so none can be forgotten.
func adminRoutes(t *testing.T) []adminRoute {
	t.Helper()
	patterns := httpapi.AdminPatterns()
	// Every /api/admin route in routes.go is in the admin table, so none
	// is registered on the side without requireAdmin.
	src, err := os.ReadFile("routes.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`"((?:[A-Z]+ )?/api/admin[^"]*)"`).FindAllStringSubmatch(string(src), -1) {
		if !slices.Contains(patterns, m[1]) {
			t.Errorf("routes.go registers %q outside adminRoutes, where requireAdmin is not checked", m[1])
		}
	}
	var out []adminRoute
	for _, p := range patterns {
		req, ok := adminRequests[p]
		if !ok {
			t.Errorf("the admin route %q has no request in adminRequests: add one", p)
			continue
		}
		method, _, _ := strings.Cut(p, " ")
		out = append(out, adminRoute{method, req.path, req.body})
	}
	if len(adminRequests) != len(out) {
		t.Errorf("adminRequests has %d requests for %d admin routes: remove the stale ones", len(adminRequests), len(out))
	}
	return out
}

// The first person to sign up is the admin; the demo accounts made before
// (straight in the store, as the seeding does) are not, nor is anyone after.
func TestTheFirstPersonIsTheAdmin(t *testing.T) {
	e := newEnv(t)
	if err := e.DB.CreateUser(t.Context(), &musicify.User{Username: "demo", Email: "demo@example.com"}); err != nil {
		t.Fatal(err)
	}
	ann := e.signUp("ann", "ann@example.com", "secret1")
	bob := e.signUp("bob", "bob@example.com", "secret1")
	if r := ann.get("/api/auth/profile"); r.Body["admin"] != true {
		t.Fatalf("ann's profile: %s", r.Raw)
	}
	if r := bob.get("/api/auth/profile"); r.Body["admin"] != false {
		t.Fatalf("bob's profile: %s", r.Raw)
	}
}

// With MUSICIFY_ADMIN, the names listed are admins and the first person is
// not. A name nobody has yet is not reserved: whoever signs up with it is
// no admin until the next start finds the account (then, by the config).
func TestAdminsNamedInTheConfigAreAdmins(t *testing.T) {
	e := newEnvWith(t, envOptions{Admins: []string{"Boss"}})
	ann := e.signUp("ann", "ann@example.com", "secret1")
	boss := e.signUp("boss", "boss@example.com", "secret1")
	expect(t, ann.get("/api/admin/users"), 403, "Only admins can do this.")
	expect(t, boss.get("/api/admin/users"), 403, "Only admins can do this.")
	if unclaimed, err := e.DB.GrantAdmin(context.Background(), []string{"Boss"}); err != nil || len(unclaimed) != 0 { // the next start
		t.Fatalf("unclaimed %q, %v", unclaimed, err)
	}
	expect(t, boss.get("/api/admin/users"), 200, "")
	// The page cannot take it away: the next start would give it back.
	r := boss.get("/api/admin/users")
	for _, u := range r.Body["users"].([]any) {
		if u := u.(map[string]any); u["username"] == "boss" {
			if u["named"] != true {
				t.Fatalf("boss is not shown as named: %v", u)
			}
			expect(t, boss.do("PUT", "/api/admin/users/"+u["_id"].(string)+"/admin", map[string]bool{"admin": false}), 409, "")
		}
	}
}

func TestEveryAdminRouteIsForAdminsOnly(t *testing.T) {
	e := newEnv(t)
	admin := e.signUp("ann", "ann@example.com", "secret1")
	bob := e.signUp("bob", "bob@example.com", "secret1")
	cy := e.signUp("cyd", "cyd@example.com", "secret1")
	cyID := idOf(t, admin, "cyd")
	invite := admin.post("/api/admin/invites", nil)
	expect(t, invite, 200, "")
	inviteID := invite.Body["invite"].(map[string]any)["id"].(string)
	path := func(p string) string {
		return strings.NewReplacer("{id}", cyID, "{invite}", inviteID).Replace(p)
	}
	routes := adminRoutes(t)
	for _, rt := range routes {
		t.Run(rt.method+" "+rt.path, func(t *testing.T) {
			expect(t, e.client().do(rt.method, path(rt.path), rt.body), 401, "")
			expect(t, bob.do(rt.method, path(rt.path), rt.body), 403, "Only admins can do this.")
		})
	}
	// Nothing they asked for happened.
	if u := userNamed(t, admin, "cyd"); u == nil || u["admin"] != false {
		t.Fatalf("cy after the refused requests: %v", u)
	}
	expect(t, cy.get("/api/auth/profile"), 200, "")
	// And an admin gets through each of them (to the rules behind them).
	for _, rt := range routes {
		if r := admin.do(rt.method, path(rt.path), rt.body); r.Status == 401 || r.Status == 403 || r.Status >= 500 {
			t.Errorf("admin %s %s: %d %s", rt.method, rt.path, r.Status, r.Raw)
		}
	}
}

func idOf(t *testing.T, admin *client, username string) string {
	t.Helper()
	u := userNamed(t, admin, username)
	if u == nil {
		t.Fatalf("no user %s in the admin list", username)
	}
	return u["_id"].(string)
}

func userNamed(t *testing.T, admin *client, username string) map[string]any {
	t.Helper()
	r := admin.get("/api/admin/users")
	expect(t, r, 200, "")
	for _, u := range r.Body["users"].([]any) {
		if u := u.(map[string]any); u["username"] == username {
			return u
		}
	}
	return nil
}

func TestTheLibraryAccountIsNeverListedNorChanged(t *testing.T) {
	e := newEnv(t)
	admin := e.signUp("ann", "ann@example.com", "secret1")
	r := admin.get("/api/admin/users")
	if users := r.Body["users"].([]any); len(users) != 1 || strings.Contains(r.Raw, "~library") || strings.Contains(r.Raw, "password") {
		t.Fatalf("users: %s", r.Raw)
	}
	expect(t, admin.do("PUT", "/api/admin/users/library/admin", map[string]bool{"admin": true}), 404, "")
	expect(t, admin.do("PUT", "/api/admin/users/library/disabled", map[string]bool{"disabled": true}), 404, "")
	expect(t, admin.do("DELETE", "/api/admin/users/library?songs=keep", nil), 404, "")
	// The last admin stays one.
	expect(t, admin.do("PUT", "/api/admin/users/"+idOf(t, admin, "ann")+"/admin", map[string]bool{"admin": false}), 409,
		"ann is the last admin. Make someone else an admin first.")
}

func TestADisabledPersonIsSignedOutAndCannotSignIn(t *testing.T) {
	e := newEnv(t)
	admin := e.signUp("ann", "ann@example.com", "secret1")
	bob := e.signUp("bob", "bob@example.com", "secret1")
	bobID := idOf(t, admin, "bob")
	expect(t, bob.get("/api/auth/profile"), 200, "")

	r := admin.do("PUT", "/api/admin/users/"+bobID+"/disabled", map[string]bool{"disabled": true})
	expect(t, r, 200, "success")
	if r.Body["user"].(map[string]any)["disabled"] != true {
		t.Fatalf("answer: %s", r.Raw)
	}
	expect(t, bob.get("/api/auth/profile"), 401, "") // the cookie it holds is dead
	expect(t, e.client().post("/api/auth/login", creds{"username": "bob", "password": "secret1"}), 403, musicify.MsgAccountOff)
	// A wrong password learns nothing about the account.
	expect(t, e.client().post("/api/auth/login", creds{"username": "bob", "password": "wrong1"}), 401, musicify.MsgWrongLogin)
	// Admins cannot be disabled, nor can one disable oneself.
	expect(t, admin.do("PUT", "/api/admin/users/"+idOf(t, admin, "ann")+"/disabled", map[string]bool{"disabled": true}), 400, "You cannot disable your own account.")

	expect(t, admin.do("PUT", "/api/admin/users/"+bobID+"/disabled", map[string]bool{"disabled": false}), 200, "success")
	expect(t, e.client().post("/api/auth/login", creds{"username": "bob", "password": "secret1"}), 200, "success")
	expect(t, admin.do("PUT", "/api/admin/users/"+bobID+"/disabled", map[string]string{}), 400, "")
}

// cheakWith asks for a sign-up code with an invitation token.
func cheakWith(c *client, name, invite string) reply {
	return c.post("/api/auth/cheak", creds{"username": name, "email": name + "@example.com", "password": "secret1", "invite": invite})
}

func TestInviteOnlySignUpTakesEachLinkOnce(t *testing.T) {
	e := newEnv(t)
	admin := e.signUp("ann", "ann@example.com", "secret1")
	expect(t, admin.do("PUT", "/api/admin/signup", map[string]string{"mode": "sometimes"}), 400, "Please choose a sign-up mode: open, invite or closed.")
	r := admin.do("PUT", "/api/admin/signup", map[string]string{"mode": "invite"})
	if r.Status != 200 || r.Body["mode"] != "invite" || r.Body["default"] != "open" {
		t.Fatalf("set mode: %s", r.Raw)
	}
	if r := e.client().get("/api/auth/signup-mode"); r.Body["mode"] != "invite" {
		t.Fatalf("public mode: %s", r.Raw)
	}
	expect(t, cheakWith(e.client(), "bob", ""), 403, musicify.MsgInviteRequired)
	expect(t, cheakWith(e.client(), "bob", "made-up"), 400, musicify.MsgInviteInvalid)

	r = admin.post("/api/admin/invites", map[string]int{"days": 2})
	expect(t, r, 200, "")
	link := r.Body["link"].(string)
	if !strings.HasPrefix(link, e.URL+"/register?invite=") {
		t.Fatalf("link %q", link)
	}
	token := strings.TrimPrefix(link, e.URL+"/register?invite=")
	if list := admin.get("/api/admin/invites"); strings.Contains(list.Raw, token) || !strings.Contains(list.Raw, `"status":"open"`) {
		t.Fatalf("the list shows the token or no open invite: %s", list.Raw)
	}

	// Two people start with the same link; the first to finish takes it.
	bob, cy := e.client(), e.client()
	expect(t, cheakWith(bob, "bob", token), 200, "")
	expect(t, cheakWith(cy, "cyd", token), 200, "")
	finish := func(c *client, name string) reply {
		return c.post("/api/auth/signup", creds{"username": name, "email": name + "@example.com", "password": "secret1",
			"otp": e.code(name+"@example.com", 1), "invite": token})
	}
	expect(t, bob.post("/api/auth/signup", creds{"email": "bob@example.com", "otp": e.code("bob@example.com", 1)}), 403, musicify.MsgInviteRequired)
	expect(t, finish(bob, "bob"), 200, "success")
	expect(t, finish(cy, "cyd"), 400, musicify.MsgInviteInvalid)
	expect(t, cheakWith(e.client(), "dee", token), 400, musicify.MsgInviteInvalid)
	if list := admin.get("/api/admin/invites"); !strings.Contains(list.Raw, `"usedBy":"bob"`) || !strings.Contains(list.Raw, `"status":"used"`) {
		t.Fatalf("the used invite: %s", list.Raw)
	}

	// A revoked link is dead too.
	r = admin.post("/api/admin/invites", nil)
	token2 := strings.TrimPrefix(r.Body["link"].(string), e.URL+"/register?invite=")
	expect(t, admin.do("DELETE", "/api/admin/invites/"+r.Body["invite"].(map[string]any)["id"].(string), nil), 200, "success")
	expect(t, cheakWith(e.client(), "dee", token2), 400, musicify.MsgInviteInvalid)
	expect(t, admin.post("/api/admin/invites", map[string]int{"days": 365}), 400, "An invitation can last 1 to 90 days.")

	// An expired one as well.
	r = admin.post("/api/admin/invites", map[string]int{"days": 1})
	token3 := strings.TrimPrefix(r.Body["link"].(string), e.URL+"/register?invite=")
	e.Clock.Advance(25 * time.Hour)
	expect(t, cheakWith(e.client(), "dee", token3), 400, musicify.MsgInviteInvalid)

	// Closed: nobody, not even with a link.
	expect(t, admin.do("PUT", "/api/admin/signup", map[string]string{"mode": "closed"}), 200, "")
	r = admin.post("/api/admin/invites", nil)
	token4 := strings.TrimPrefix(r.Body["link"].(string), e.URL+"/register?invite=")
	expect(t, cheakWith(e.client(), "dee", token4), 403, musicify.MsgSignupClosed)
	expect(t, cheakWith(e.client(), "dee", ""), 403, musicify.MsgSignupClosed)
}

// scanner stands in for the library scanner, which another package owns.
type scanner struct {
	mu      sync.Mutex
	status  musicify.ScanStatus
	started []bool
}

func (s *scanner) Status() musicify.ScanStatus {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.status
}

func (s *scanner) StartScan(full bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.started = append(s.started, full)
	s.status.Running = true
	return true
}

func TestTheLibraryStatusAndScanButton(t *testing.T) {
	e := newEnv(t)
	admin := e.signUp("ann", "ann@example.com", "secret1")
	r := admin.get("/api/admin/library")
	if r.Status != 200 || r.Body["configured"] != false {
		t.Fatalf("no folders: %s", r.Raw)
	}
	expect(t, admin.post("/api/admin/library/scan", nil), 400,
		"No library folders are configured: set MUSICIFY_LIBRARY_DIRS and restart the server.")

	sc := &scanner{status: musicify.ScanStatus{Folders: []string{"/music"}, Seen: 12, Added: 10, Failed: 1,
		Started:  time.Date(2026, 11, 21, 11, 0, 0, 0, time.UTC),
		Failures: []musicify.ScanFailure{{Path: "a/b.mp3", Reason: "not an audio file"}}}}
	e = newEnv(t, func(s *httpapi.Server) { s.Scanner = sc })
	admin = e.signUp("ann", "ann@example.com", "secret1")
	r = admin.get("/api/admin/library")
	if r.Body["configured"] != true || r.Body["seen"] != float64(12) || !strings.Contains(r.Raw, `"reason":"not an audio file"`) ||
		!strings.Contains(r.Raw, `"folders":["/music"]`) || strings.Contains(r.Raw, `"finished"`) {
		t.Fatalf("status: %s", r.Raw)
	}
	r = admin.post("/api/admin/library/scan", map[string]bool{"full": true})
	if r.Status != 202 || r.Body["started"] != true || r.Body["status"].(map[string]any)["running"] != true || len(sc.started) != 1 || !sc.started[0] {
		t.Fatalf("scan: %s, started %v", r.Raw, sc.started)
	}
}

func TestDeletingAPersonKeepsOrRemovesTheirSongs(t *testing.T) {
	e := newEnv(t)
	admin := e.signUp("ann", "ann@example.com", "secret1")
	bob := e.signUp("bob", "bob@example.com", "secret1")
	cy := e.signUp("cyd", "cyd@example.com", "secret1")
	kept := songIn(bob.upload(upload{name: "Kept", audio: readFixture(t, "audio", "sine.mp3")}))["_id"].(string)
	gone := songIn(cy.upload(upload{name: "Gone", audio: readFixture(t, "audio", "sine.mp3")}))["_id"].(string)
	mine := admin.post("/api/playlist/create", map[string]string{"name": "Mine"})
	expect(t, mine, 200, "")
	listID := mine.Body["playlist"].(map[string]any)["_id"].(string)
	for _, id := range []string{kept, gone} {
		expect(t, admin.do("PUT", "/api/playlist/add", map[string]any{"id": listID, "songs": id}), 200, "")
	}
	if u := userNamed(t, admin, "bob"); u["songs"] != float64(1) || u["bytes"].(float64) <= 0 {
		t.Fatalf("bob in the list: %v", u)
	}

	expect(t, admin.do("DELETE", "/api/admin/users/"+idOf(t, admin, "bob"), nil), 400, "")
	expect(t, admin.do("DELETE", "/api/admin/users/"+idOf(t, admin, "ann")+"?songs=keep", nil), 400, "You cannot delete your own account here.")
	expect(t, admin.do("DELETE", "/api/admin/users/"+idOf(t, admin, "bob")+"?songs=keep", nil), 200, "success")
	expect(t, bob.get("/api/auth/profile"), 401, "")
	r := admin.get("/api/songs/" + kept)
	if r.Status != 200 {
		t.Fatalf("kept song: %s", r.Raw)
	}

	cyFiles := filesUnder(t, e.Media)
	expect(t, admin.do("DELETE", "/api/admin/users/"+idOf(t, admin, "cyd")+"?songs=delete", nil), 200, "success")
	expect(t, admin.get("/api/songs/"+gone), 404, "")
	if after := filesUnder(t, e.Media); len(after) >= len(cyFiles) {
		t.Fatalf("files before %v, after %v: cy's song files were left", cyFiles, after)
	}
	list := admin.get("/api/playlist/" + listID)
	if !strings.Contains(list.Raw, kept) || strings.Contains(list.Raw, gone) {
		t.Fatalf("the playlist after: %s", list.Raw)
	}
	if userNamed(t, admin, "bob") != nil || userNamed(t, admin, "cyd") != nil {
		t.Fatal("a deleted person is still listed")
	}
	// The freed name can be registered again.
	e.signUp("bob", "bob2@example.com", "secret1")
	_ = cy
}

// filesUnder lists the media files, temp files aside.
func filesUnder(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && !strings.Contains(p, string(filepath.Separator)+".tmp") {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Google sign-in obeys the sign-up mode for new accounts and lets
// existing ones in, unless disabled.
func TestGoogleSignInObeysTheSignupMode(t *testing.T) {
	m, provider := withProvider(t)
	e := newEnv(t, provider)
	admin := e.signUp("ann", "ann@example.com", "secret1")
	for mode, code := range map[string]string{"invite": "google_signup_invite", "closed": "google_signup_closed"} {
		expect(t, admin.do("PUT", "/api/admin/signup", map[string]string{"mode": mode}), 200, "")
		if end := e.client().follow(t, "/api/auth/google"); end.Path != "/login" || end.Query().Get("error") != code {
			t.Fatalf("%s: ended at %s", mode, end)
		}
	}
	if users, _ := e.DB.Users(t.Context()); len(users) != 1 {
		t.Fatalf("%d accounts; Google made one in a closed mode", len(users))
	}
	// An existing account still signs in, unless disabled.
	e.signUpOpen(t, admin, "jane", "jane.doe@example.com")
	m.QueueUser(&mockoidc.MockUser{Subject: "42", Email: "jane.doe@example.com", EmailVerified: true})
	if end := e.client().follow(t, "/api/auth/google"); end.Path != "/home" {
		t.Fatalf("existing account: ended at %s", end)
	}
	expect(t, admin.do("PUT", "/api/admin/users/"+idOf(t, admin, "jane")+"/disabled", map[string]bool{"disabled": true}), 200, "")
	m.QueueUser(&mockoidc.MockUser{Subject: "42", Email: "jane.doe@example.com", EmailVerified: true})
	if end := e.client().follow(t, "/api/auth/google"); end.Query().Get("error") != "google_disabled" {
		t.Fatalf("disabled account: ended at %s", end)
	}
}

// signUpOpen opens sign-up for a moment to register username.
func (e *env) signUpOpen(t *testing.T, admin *client, username, email string) {
	t.Helper()
	r := admin.get("/api/admin/signup")
	expect(t, admin.do("PUT", "/api/admin/signup", map[string]string{"mode": "open"}), 200, "")
	e.signUp(username, email, "secret1")
	expect(t, admin.do("PUT", "/api/admin/signup", map[string]string{"mode": r.Body["mode"].(string)}), 200, "")
}
