package pages

import (
	"encoding/json"
	"io/fs"
	"testing"

	"github.com/musicify/musicify/web"
)

// Every module hints.go names must be one the web build made: a page that
// was renamed or moved would lose its hints without a word otherwise.
func TestHintsNameModulesOfTheBuild(t *testing.T) {
	data, err := fs.ReadFile(web.Dist(), routeChunksFile)
	if err != nil {
		t.Fatalf("the web build has no %s (run make build): %v", routeChunksFile, err)
	}
	var built map[string]routeFiles
	if err := json.Unmarshal(data, &built); err != nil {
		t.Fatal(err)
	}
	// Each file named is one the build wrote: a chunk Vite dropped after
	// naming it (one that held only CSS) would be a 404 on every page.
	for mod, files := range built {
		for _, f := range append(files.JS, files.CSS...) {
			if _, err := fs.Stat(web.Dist(), f); err != nil {
				t.Errorf("%s names %s, which the build does not have", mod, f)
			}
		}
	}
	var paths []string
	for p := range authPages {
		paths = append(paths, "/"+p)
	}
	for p := range signedInPages {
		if p == "artist/" {
			p += "x" // one artist
		}
		paths = append(paths, "/"+p)
	}
	for _, p := range paths {
		mods, _ := routeModules(p)
		if mods == nil {
			t.Errorf("%s has no modules", p)
		}
		for _, m := range mods {
			if len(built[m].JS) == 0 {
				t.Errorf("%s names %s, which the build does not have", p, m)
			}
		}
	}
}

func TestCoverPreloadNamesTheFirstStoredCover(t *testing.T) {
	row := json.RawMessage(`[{"cover":"/media/covers/0123456789abcdef01234567-640.jpg"},{"cover":"/media/covers/ffffffffffffffffffffffff-640.jpg"}]`)
	got := coverPreload(row)
	want := `<link rel="preload" as="image" type="image/webp" fetchpriority="high" imagesizes="(max-width: 640px) 42vw, 200px" imagesrcset="` +
		`/media/covers/0123456789abcdef01234567-160.webp 160w, /media/covers/0123456789abcdef01234567-320.webp 320w, /media/covers/0123456789abcdef01234567-640.webp 640w">`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// The default cover, an empty row or no row at all: nothing to preload.
	for _, row := range []string{`[{"cover":"/default-cover.svg"}]`, `[]`, ``, `{"message":"x"}`} {
		if got := coverPreload(json.RawMessage(row)); got != "" {
			t.Errorf("%q: %s", row, got)
		}
	}
}
