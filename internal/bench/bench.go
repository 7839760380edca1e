// Package bench is the logic of `musicify bench …`: the latency of search
// and recommendations on a large catalog, events between instances, a
// library scan, background jobs and an import beside searches, and a long
// soak of a running server. It sits apart from the request-path packages
// and uses them as serve wires them; cmd/musicify only dispatches to Main.
package bench

import (
	"context"
	"crypto/md5"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/apppass"
	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/recommend/eval"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/social"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/subsonic"
)

// Main runs `musicify bench` with args after its name and returns the exit
// code. A first argument naming a bench (events, scan, jobs, import,
// footprint, soak)
// runs that one; otherwise it builds a large catalog in a temp dir and
// reports the latency of search and recommendations through the real HTTP
// handlers.
func Main(args []string) int {
	if len(args) > 0 && args[0] == "events" {
		return benchEvents(args[1:])
	}
	if len(args) > 0 && args[0] == "scan" {
		return benchScan(args[1:])
	}
	if len(args) > 0 && args[0] == "jobs" {
		return benchJobs(args[1:])
	}
	if len(args) > 0 && args[0] == "import" {
		return benchImport(args[1:])
	}
	if len(args) > 0 && args[0] == "footprint" {
		return benchFootprint(args[1:])
	}
	if len(args) > 0 && args[0] == "soak" {
		return benchSoak(args[1:])
	}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	nSongs := fs.Int("songs", 100_000, "songs in the catalog")
	nUsers := fs.Int("users", 2_000, "users, who are also the artists")
	nPlays := fs.Int("interactions", 1_000_000, "listens")
	rounds := fs.Int("requests", 1_000, "requests per measured call")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the measured requests to this file")
	keep := fs.String("dir", "", "keep the catalog in this directory, and reuse it when it is already there")
	database := fs.String("database", "", "a postgres:// URL: build the catalog there (an empty database, or one a bench filled before, which is reused) instead of in SQLite")
	load := fs.Duration("load", 0, "then load one instance, and two, with concurrent streams, searches and recommendations for this long each")
	conns := fs.Int("conns", 16, "concurrent requests of --load")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	ctx := context.Background()
	dir := *keep
	if dir == "" {
		tmp, err := os.MkdirTemp("", "musicify-bench-")
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			return 1
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	dbURL := *database
	if dbURL == "" {
		dbURL = filepath.Join(dir, "musicify.db")
	}
	db, err := sqlstore.Open(ctx, dbURL)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	defer db.Close()
	existing, err := db.Users(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	reuse := len(existing) > 0

	// The catalog comes from a fixed seed, so a kept one is the same catalog.
	users, songs, listens := benchCatalog(*nSongs, *nUsers, *nPlays)
	if reuse {
		fmt.Printf("reusing the catalog in %s\n", where(*database, dir))
	} else {
		fmt.Printf("building %d songs, %d users, %d listens in %s\n", *nSongs, *nUsers, *nPlays, where(*database, dir))
		start := time.Now()
		if err := db.Import(ctx, users, songs, listens); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			return 1
		}
		fmt.Printf("catalog written in %s\n", time.Since(start).Round(time.Millisecond))
	}

	start := time.Now()
	engine := recommend.New(time.Now)
	if err := engine.Load(ctx, db); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	runtime.GC()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	fmt.Printf("recommender loaded in %s; heap in use %d MB\n", time.Since(start).Round(time.Millisecond), mem.HeapInuse>>20)
	if err := benchTrain(ctx, db, engine, songs, users); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}

	accounts := auth.NewService(db, nil, auth.Options{})
	srv, api, err := benchInstance(ctx, db, engine, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	defer srv.Close()
	// A Subsonic app's sign-in: the token scheme with a fresh salt.
	listener, err := db.UserByEmail(ctx, users[0].Email) // ids differ in a kept catalog; emails do not
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	_, appPassword, err := api.AppPasswords.Create(ctx, listener.ID, fmt.Sprint("bench ", time.Now().UnixNano()))
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	rest := func(call string, params url.Values) string {
		return restPath(call, listener.Username, appPassword, "bench", params)
	}

	// Sessions for 50 listeners, so recommendations are asked for many people.
	r := rand.New(rand.NewPCG(1, 2))
	var cookies []string
	for i := 0; i < 50; i++ {
		_, token, err := accounts.SignInExternal(ctx, users[r.IntN(len(users))].Email)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			return 1
		}
		cookies = append(cookies, "musicify_session="+token)
	}
	words := benchWords()
	queries := make([]string, *rounds)
	for i := range queries {
		queries[i] = benchQuery(r, words)
	}
	client := &http.Client{}
	get := func(path string, i int) error {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Cookie", cookies[i%len(cookies)])
		res, err := client.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		if _, err := io.Copy(io.Discard, res.Body); err != nil {
			return err
		}
		if res.StatusCode != 200 {
			return fmt.Errorf("%s: status %d", path, res.StatusCode)
		}
		return nil
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	var slowest []string
	fmt.Printf("\n%-34s %9s %9s %9s %9s\n", "call ("+fmt.Sprint(*rounds)+" requests each)", "p50", "p95", "p99", "max")
	for _, c := range []struct {
		name string
		path func(i int) string
	}{
		{"GET /api/search?q=…", func(i int) string { return "/api/search?q=" + url.QueryEscape(queries[i]) }},
		{"GET /api/recommend/all", func(int) string { return "/api/recommend/all" }},
		{"GET /api/recommend/top", func(int) string { return "/api/recommend/top" }},
		{"GET /api/albums?sort=recent", func(i int) string { return fmt.Sprintf("/api/albums?sort=recent&offset=%d", i%50*50) }},
		{"GET /api/albums?sort=name", func(i int) string { return fmt.Sprintf("/api/albums?sort=name&offset=%d", i%50*50) }},
		{"GET /api/albums?sort=plays", func(int) string { return "/api/albums?sort=plays" }},
		{"GET /rest/search3?query=…", func(i int) string { return rest("search3", url.Values{"query": {queries[i]}}) }},
		{"GET /rest/getAlbumList2 newest", func(i int) string {
			return rest("getAlbumList2", url.Values{"type": {"newest"}, "offset": {fmt.Sprint(i % 50 * 20)}})
		}},
		{"GET /rest/getAlbumList2 A–Z", func(i int) string {
			return rest("getAlbumList2", url.Values{"type": {"alphabeticalByName"}, "offset": {fmt.Sprint(i % 50 * 20)}})
		}},
		{"GET /rest/getAlbumList2 frequent", func(int) string { return rest("getAlbumList2", url.Values{"type": {"frequent"}}) }},
	} {
		lat := make([]time.Duration, *rounds)
		order := make([]int, *rounds)
		for i := range lat {
			t0 := time.Now()
			if err := get(c.path(i), i); err != nil {
				fmt.Fprintln(os.Stderr, "bench:", err)
				return 1
			}
			lat[i], order[i] = time.Since(t0), i
		}
		sort.Slice(order, func(a, b int) bool { return lat[order[a]] < lat[order[b]] })
		if strings.Contains(c.name, "search") {
			for _, i := range order[len(order)-3:] {
				slowest = append(slowest, fmt.Sprintf("%q %s", queries[i], ms(lat[i])))
			}
		}
		sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
		fmt.Printf("%-34s %9s %9s %9s %9s\n", c.name, ms(lat[len(lat)/2]), ms(lat[len(lat)*95/100]), ms(lat[len(lat)*99/100]), ms(lat[len(lat)-1]))
	}
	fmt.Printf("\nexample queries: %q\nslowest searches: %s\n", queries[:6], strings.Join(slowest, ", "))
	if *load > 0 {
		pprof.StopCPUProfile()
		if err := benchLoad(ctx, dbURL, dir, engine, cookies, queries, *load, *conns); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			return 1
		}
	}
	return 0
}

// benchInstance serves the HTTP API on db on a loopback port, wired as
// serve wires it for the calls the bench makes, with a warm search; each of
// with changes the server before its handler is built.
func benchInstance(ctx context.Context, db *sqlstore.DB, engine *recommend.Engine, blobs musicify.BlobStore, with ...func(*httpapi.Server)) (*httptest.Server, *httpapi.Server, error) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	base, _ := url.Parse("http://127.0.0.1")
	api := &httpapi.Server{
		Accounts: auth.NewService(db, nil, auth.Options{}), Users: db, Songs: db, Albums: db, Blobs: blobs, Logger: logger, BaseURL: base, Ping: db.Ping,
		Playlists: &playlists.Service{Store: db, Logger: logger}, Social: &social.Service{Store: db, Now: time.Now},
		Search: &search.Service{Index: db, Logger: logger}, Recommender: engine, Interests: db,
		Like: &recommend.Like{Engine: engine, Store: db},
	}
	if err := api.Search.Warm(ctx); err != nil { // as the server does at start
		return nil, nil, err
	}
	// Subsonic apps sign in with app passwords under a key from a secret.
	pw, err := apppass.New(db, []byte("bench-secret-bench-secret-bench-secret"), apppass.Options{Now: time.Now, Logger: logger})
	if err != nil {
		return nil, nil, err
	}
	api.AppPasswords = pw
	api.Subsonic = &subsonic.Server{Auth: pw, Songs: db, Albums: db, Playlists: api.Playlists, Social: api.Social,
		Search: api.Search, Store: db, Like: api.Like, Stations: db, Blobs: blobs,
		ClientAddr: func(*http.Request) string { return "127.0.0.1" }, BaseURL: base, Logger: logger, Now: time.Now}
	for _, f := range with {
		f(api)
	}
	srv := httptest.NewServer(api.Handler())
	api.BaseURL, _ = url.Parse(srv.URL)
	return srv, api, nil
}

// where names the catalog's database without the password a URL may hold.
func where(database, dir string) string {
	if database == "" {
		return dir
	}
	if u, err := url.Parse(database); err == nil {
		return "PostgreSQL " + u.Redacted()
	}
	return "PostgreSQL"
}

// restPath is a Subsonic app's call as JSON, signed in with the token
// scheme and a fresh salt, as apps do.
func restPath(call, user, appPassword, client string, params url.Values) string {
	salt := fmt.Sprint(time.Now().UnixNano())
	params.Set("u", user)
	params.Set("s", salt)
	params.Set("t", fmt.Sprintf("%x", md5.Sum([]byte(appPassword+salt))))
	params.Set("v", "1.16.1")
	params.Set("c", client)
	params.Set("f", "json")
	return "/rest/" + call + "?" + params.Encode()
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

// benchCatalog makes users (who are also the artists), songs with titles
// drawn from a word list as real titles are, and listens with planted
// tastes, all from a fixed seed.
func benchCatalog(nSongs, nUsers, nPlays int) ([]*musicify.User, []*musicify.Song, []musicify.Interaction) {
	r := rand.New(rand.NewPCG(7, 9))
	words := benchWords()
	now := time.Now()
	users := make([]*musicify.User, nUsers)
	for i := range users {
		name := fmt.Sprintf("%s-%s-%d", words[r.IntN(len(words))], words[r.IntN(len(words))], i)
		users[i] = &musicify.User{ID: musicify.NewID(), Username: name, Email: name + "@bench.example", CreatedAt: now}
	}
	// Word frequencies as in real titles: the commonest word is in about 3%
	// of them, as 'love' is.
	zipf := rand.NewZipf(r, 1.1, 20, uint64(len(words)-1))
	songs := make([]*musicify.Song, nSongs)
	for i := range songs {
		n := 1 + r.IntN(4)
		title := make([]string, n)
		for j := range title {
			w := words[zipf.Uint64()]
			title[j] = strings.ToUpper(w[:1]) + w[1:]
		}
		id := musicify.NewID()
		// Albums of twelve songs by one uploader, as the library has them.
		album := fmt.Sprintf("%s %d", words[(i/(12*nUsers))%len(words)], i/(12*nUsers))
		songs[i] = &musicify.Song{ID: id, UserID: users[i%nUsers].ID, Name: strings.Join(title, " "), Format: "mp3", Album: album,
			Duration: 180, Size: 1, SHA256: id, AudioKey: "songs/" + id + "/original.mp3", Created: now.Add(-time.Duration(nSongs-i) * time.Minute)}
	}
	pairs := eval.Synthetic(nUsers, nSongs, 200, nPlays/nUsers, 0.8, 11)
	listens := make([]musicify.Interaction, len(pairs))
	for i, p := range pairs {
		var u, s int
		fmt.Sscanf(p.User, "u%d", &u)
		fmt.Sscanf(p.Item, "s%d", &s)
		listens[i] = musicify.Interaction{UserID: users[u].ID, SongID: songs[s].ID,
			At: now.Add(-time.Duration(len(pairs)-i) * 2 * time.Second)}
	}
	return users, songs, listens
}

// benchQuery is what people type: a prefix, two words, or a typo.
func benchQuery(r *rand.Rand, words []string) string {
	w := words[r.IntN(len(words))]
	switch r.IntN(4) {
	case 0:
		return w[:min(len(w), 3+r.IntN(3))]
	case 1:
		return w + " " + words[r.IntN(len(words))]
	case 2:
		if len(w) > 4 { // swap two letters
			b := []byte(w)
			i := 1 + r.IntN(len(b)-2)
			b[i], b[i+1] = b[i+1], b[i]
			return string(b)
		}
		return w
	default:
		return w
	}
}

// benchWords is a vocabulary of title words: common ones, and made-up
// ones from syllables so the vocabulary is as large as a real catalog's.
func benchWords() []string {
	common := strings.Fields(`love night heart blue dream fire light time girl world baby life day rain sun moon
		star sky road home summer city dance song sweet little wild river ocean midnight harbour submarine yellow
		golden silver shadow angel ghost highway train window morning evening winter spring autumn garden paradise
		thunder silence memory forever tonight yesterday tomorrow heaven sugar honey velvet neon electric echo
		mountain desert island north south east west wind storm lightning candle mirror diamond crystal stone`)
	syll := strings.Fields("ka ri mo la ne to sa vi ro mi da lu be ze na po fi gu ta le ko ma di su")
	r := rand.New(rand.NewPCG(3, 5))
	seen := map[string]bool{}
	for _, w := range common {
		seen[w] = true
	}
	words := append([]string(nil), common...)
	for len(words) < 4000 {
		w := ""
		for n := 2 + r.IntN(2); n > 0; n-- {
			w += syll[r.IntN(len(syll))]
		}
		if !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	return words
}
