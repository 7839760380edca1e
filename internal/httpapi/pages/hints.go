package pages

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"strings"

	"github.com/musicify/musicify/internal/httpapi/platform"
)

// routeChunksFile is written by the web build (web/build-plugins/route-chunks.ts):
// for each lazily loaded module of the router, its scripts and styles.
const routeChunksFile = "route-chunks.json"

// routeFiles is one module's share of route-chunks.json.
type routeFiles struct {
	JS  []string `json:"js"`
	CSS []string `json:"css"`
}

// The lazily loaded modules a route shows, as web/src/app/router.tsx loads
// them. A name missing from the build fails a test (hints_test.go).
const (
	authLayout     = "src/features/auth/components/AuthLayout.tsx"
	requireSession = "src/app/guards/RequireSession.tsx"
)

// signedInPages are the pages of the signed-in area by their first path
// segment ("artist" alone is the list, "artist/NAME" one artist).
var signedInPages = map[string]string{
	"home": "features/home/components/HomePage", "playlist": "features/playlists/components/PlaylistsPage",
	"player": "features/playlists/components/PlaylistPage", "album": "features/albums/components/AlbumPage",
	"albums": "features/albums/components/AlbumsPage", "genres": "features/genres/components/GenresPage",
	"genre": "features/genres/components/GenrePage", "artist": "features/artists/components/ArtistsPage",
	"artist/": "features/artists/components/ArtistPage", "search": "features/search/components/SearchPage",
	"songs": "features/songs/components/SongsPage", "upload": "features/upload/components/UploadPage",
	"profile": "features/profile/components/ProfilePage", "followers": "features/profile/components/FollowersPage",
	"followings": "features/profile/components/FollowingsPage", "allusers": "features/users/components/AllUsersPage",
	"followuser": "features/users/components/FollowUserPage", "join": "features/radio/components/RadioPage",
	"admin": "features/admin/components/AdminPage", "queue": "features/queue/components/QueuePage",
	"likes": "features/likes/components/LikesPage", "downloads": "features/offline/components/DownloadsPage",
	"settings": "features/settings/components/SettingsPage", "recent": "features/recent/components/RecentPage",
}

// authPages are the sign-in area's pages, under the auth layout.
var authPages = map[string]string{
	"": "RegisterPage", "register": "RegisterPage", "login": "LoginPage", "otp1": "SignupCodePage",
	"forget": "ForgotPasswordPage", "otp": "ResetCodePage", "google": "GoogleSetupPage",
	"change": "ChangePasswordPage",
}

// routeModules names the modules the app loads for an address, and whether
// it is the signed-in area; nil for addresses the app shows otherwise.
func routeModules(urlPath string) (mods []string, signedIn bool) {
	p := strings.Trim(path.Clean(urlPath), "/")
	if page, ok := authPages[p]; ok {
		return []string{authLayout, "src/features/auth/components/" + page + ".tsx"}, false
	}
	first, rest, _ := strings.Cut(p, "/")
	key := first
	if first == "artist" && rest != "" {
		key = "artist/"
	}
	if page, ok := signedInPages[key]; ok {
		return []string{requireSession, "src/" + page + ".tsx"}, true
	}
	return nil, false
}

// bootCalls are the API answers the app would ask for first on a page,
// sent inside index.html to save the round trips of asking: the session
// check on the sign-in pages, the profile in the signed-in area, and
// Home's rows (web/src/features/home), so that Home renders once with all
// of them instead of once more for each answer that comes later.
func bootCalls(urlPath string, signedIn bool) []string {
	if !signedIn {
		return []string{"/api/auth/session"}
	}
	calls := []string{"/api/auth/profile"}
	if strings.Trim(path.Clean(urlPath), "/") == "home" {
		calls = append(calls, "/api/recommend/all", "/api/recommend/artist", "/api/albums?sort=recent&limit=12", "/api/feed")
	}
	return calls
}

// routeChunks reads the build's map of modules to files, once.
func (s *API) routeChunks() map[string]routeFiles {
	s.routeOnce.Do(func() {
		if s.Web == nil {
			return
		}
		data, err := fs.ReadFile(s.Web, routeChunksFile)
		if err != nil {
			return // an older build without the map: no hints
		}
		if err := json.Unmarshal(data, &s.routeMap); err != nil {
			s.P.Logger.Error("reading the web app's route map", "err", err)
		}
	})
	return s.routeMap
}

// pageHints is what index.html gains for one address: the route's scripts
// and styles to fetch at once, and the answers of its first API calls,
// asked here with the caller's cookies. Set-Cookie headers those calls send
// (a renewed session) are copied to w. The calls go through Router, the
// router, as the app's own would. Empty when there is nothing to add.
func (s *API) pageHints(w http.ResponseWriter, r *http.Request, page []byte) []byte {
	mods, signedIn := routeModules(r.URL.Path)
	if mods == nil {
		return nil
	}
	var b bytes.Buffer
	seen := map[string]bool{}
	name := func(rel string, files []string) {
		for _, f := range files {
			// Each file once, and none index.html names already.
			if !seen[f] && !bytes.Contains(page, []byte("/"+f+`"`)) {
				fmt.Fprintf(&b, `<link %s crossorigin href="/%s">`, rel, f)
			}
			seen[f] = true
		}
	}
	for _, m := range mods {
		files := s.routeChunks()[m]
		name(`rel="modulepreload"`, files.JS)
		name(`rel="preload" as="style"`, files.CSS)
	}
	if _, err := r.Cookie(platform.SessionCookie); signedIn && err != nil {
		return b.Bytes() // a visitor: the app sends them to sign in
	}
	answers := map[string]json.RawMessage{}
	for _, call := range bootCalls(r.URL.Path, signedIn) {
		req := r.Clone(r.Context())
		req.Method = http.MethodGet
		req.URL.Path, req.URL.RawQuery, _ = strings.Cut(call, "?")
		req.Header.Del("Accept-Encoding")
		rec := httptest.NewRecorder()
		s.Router.ServeHTTP(rec, req)
		for _, v := range rec.Header().Values("Set-Cookie") {
			w.Header().Add("Set-Cookie", v)
		}
		if rec.Code != http.StatusOK {
			break // signed out, or a failure: the app asks and shows it
		}
		answers[call] = json.RawMessage(bytes.TrimSpace(rec.Body.Bytes()))
	}
	for _, url := range []string{"/api/recommend/artist", "/api/recommend/all"} {
		b.WriteString(coverPreload(answers[url]))
	}
	if len(answers) > 0 {
		// json.Marshal escapes <, > and &, so no answer can close the script.
		data, err := json.Marshal(answers)
		if err == nil {
			fmt.Fprintf(&b, `<script id="musicify-boot" type="application/json">%s</script>`, data)
		}
	}
	return b.Bytes()
}

// storedCover matches the cover URLs the API hands out (coverURLs), whose
// other sizes and WebP renditions the web app picks from (web/src/lib/covers.ts).
var storedCover = regexp.MustCompile(`^(/media/covers/[0-9a-f]{24})-640\.jpg$`)

// cardSizes is the sizes of a card's cover (CARD_SIZES in web/src/lib/covers.ts).
const cardSizes = "(max-width: 640px) 42vw, 200px"

// coverPreload names the first card's cover of a row of Home, so the
// largest image of the page loads with the scripts instead of after them.
// It names the same WebP renditions and sizes as the card, so the browser
// uses what it preloaded.
func coverPreload(row json.RawMessage) string {
	var items []struct {
		Cover string `json:"cover"`
	}
	if json.Unmarshal(row, &items) != nil || len(items) == 0 {
		return ""
	}
	m := storedCover.FindStringSubmatch(items[0].Cover)
	if m == nil {
		return ""
	}
	return fmt.Sprintf(`<link rel="preload" as="image" type="image/webp" fetchpriority="high" imagesizes="%s" imagesrcset="%s-160.webp 160w, %s-320.webp 320w, %s-640.webp 640w">`,
		cardSizes, m[1], m[1], m[1])
}
