package httpapi_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/musicify/musicify/internal/httpapi"
)

const hintedIndex = `<!doctype html><html><head><title>Musicify</title>` +
	`<script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`

// routeMap is what the web build writes (web/build-plugins/route-chunks.ts).
const routeMap = `{
 "src/features/auth/components/AuthLayout.tsx": {"js": ["assets/AuthLayout-1.js", "assets/index-1.js"], "css": ["assets/auth-1.css"]},
 "src/features/auth/components/LoginPage.tsx": {"js": ["assets/LoginPage-1.js", "assets/index-1.js"], "css": []},
 "src/app/guards/RequireSession.tsx": {"js": ["assets/RequireSession-1.js"], "css": ["assets/shell-1.css"]},
 "src/features/home/components/HomePage.tsx": {"js": ["assets/HomePage-1.js", "assets/RequireSession-1.js"], "css": []}
}`

func withHintedWeb(s *httpapi.Server) {
	s.Web = fstest.MapFS{
		"index.html":           {Data: []byte(hintedIndex)},
		"route-chunks.json":    {Data: []byte(routeMap)},
		"assets/index-1.js":    {Data: []byte("console.log(1)")},
		"assets/HomePage-1.js": {Data: []byte("console.log(2)")},
	}
}

var bootScript = regexp.MustCompile(`<script id="musicify-boot" type="application/json">(.*?)</script>`)

// boot reads the answers a page carries, nil when it carries none.
func boot(t *testing.T, page string) map[string]json.RawMessage {
	t.Helper()
	m := bootScript.FindStringSubmatch(page)
	if m == nil {
		return nil
	}
	var answers map[string]json.RawMessage
	if err := json.Unmarshal([]byte(m[1]), &answers); err != nil {
		t.Fatalf("boot data %q: %v", m[1], err)
	}
	return answers
}

func TestPagesNameTheirRouteFilesInTheHead(t *testing.T) {
	e := newEnv(t, withHintedWeb)
	r := e.client().get("/login")
	if r.Status != 200 || r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("/login: %d, Cache-Control %q", r.Status, r.Header.Get("Cache-Control"))
	}
	head, _, _ := strings.Cut(r.Raw, "</head>")
	for _, want := range []string{
		`<link rel="modulepreload" crossorigin href="/assets/AuthLayout-1.js">`,
		`<link rel="modulepreload" crossorigin href="/assets/LoginPage-1.js">`,
		`<link rel="preload" as="style" crossorigin href="/assets/auth-1.css">`,
	} {
		if !strings.Contains(head, want) {
			t.Errorf("/login's head lacks %s:\n%s", want, head)
		}
	}
	// The entry script is in the page already: named once.
	if n := strings.Count(r.Raw, "/assets/index-1.js"); n != 1 {
		t.Errorf("the entry script is named %d times", n)
	}
	if strings.Contains(r.Raw, "HomePage-1.js") {
		t.Error("/login names another page's files")
	}
	// index.html itself stays the cached file the service worker keeps.
	if f := e.client().get("/index.html"); f.Header.Get("Cache-Control") != "no-cache" || strings.Contains(f.Raw, "modulepreload") {
		t.Errorf("/index.html: %q %s", f.Header.Get("Cache-Control"), f.Raw)
	}
}

func TestTheSignInPageCarriesTheSessionCheck(t *testing.T) {
	e := newEnv(t, withHintedWeb)
	visitor := boot(t, e.client().get("/login").Raw)
	if string(visitor["/api/auth/session"]) != `{"user":null}` {
		t.Errorf("a visitor's /login carries %v", visitor)
	}
	ana := e.signUp("ana", "ana@example.com", "secret1")
	signedIn := boot(t, ana.get("/login").Raw)
	if want := ana.get("/api/auth/session").Raw; strings.TrimSpace(string(signedIn["/api/auth/session"])) != strings.TrimSpace(want) {
		t.Errorf("a signed-in /login carries %s, the API says %s", signedIn["/api/auth/session"], want)
	}
}

func TestHomeCarriesTheProfileAndItsRowsForItsUserOnly(t *testing.T) {
	e := newEnv(t, withHintedWeb)
	ana := e.signUp("ana", "ana@example.com", "secret1")
	page := ana.get("/home")
	if page.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("a page with a user's data may be stored: %q", page.Header.Get("Cache-Control"))
	}
	answers := boot(t, page.Raw)
	for _, url := range []string{"/api/auth/profile", "/api/recommend/all", "/api/recommend/artist",
		"/api/albums?sort=recent&limit=12", "/api/feed"} {
		got, ok := answers[url]
		if !ok {
			t.Errorf("/home lacks %s: %v", url, answers)
			continue
		}
		var fromPage, fromAPI any
		_ = json.Unmarshal(got, &fromPage)
		_ = json.Unmarshal([]byte(ana.get(url).Raw), &fromAPI)
		a, _ := json.Marshal(fromPage)
		b, _ := json.Marshal(fromAPI)
		if string(a) != string(b) {
			t.Errorf("%s: the page carries %s, the API answers %s", url, a, b)
		}
	}
	if !strings.Contains(string(answers["/api/auth/profile"]), `"username":"ana"`) {
		t.Errorf("profile: %s", answers["/api/auth/profile"])
	}
	// Another page of the signed-in area carries the profile alone.
	if a := boot(t, ana.get("/likes").Raw); len(a) != 1 || a["/api/auth/profile"] == nil {
		t.Errorf("/likes carries %v", a)
	}

	// A visitor, or a session that ended, gets the files but no data.
	visitor := e.client().get("/home")
	if boot(t, visitor.Raw) != nil || !strings.Contains(visitor.Raw, "/assets/HomePage-1.js") {
		t.Errorf("a visitor's /home: %s", visitor.Raw)
	}
	stale := e.client()
	stale.Header.Set("Cookie", "musicify_session=not-a-session")
	if r := stale.get("/home"); boot(t, r.Raw) != nil || r.Status != 200 {
		t.Errorf("an ended session's /home: %d %s", r.Status, r.Raw)
	}
}
