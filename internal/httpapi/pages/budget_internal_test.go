package pages

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"regexp"
	"testing"

	"github.com/musicify/musicify/web"
)

// initialScriptBudget is the limit on the JavaScript a first visit
// loads before any route: what index.html names, gzipped.
const initialScriptBudget = 150 * 1024

var indexScripts = regexp.MustCompile(`(?:src|href)="/(assets/[^"]+\.js)"`)

func TestInitialScriptsStayWithinTheBudget(t *testing.T) {
	page, err := fs.ReadFile(web.Dist(), "index.html")
	if err != nil {
		t.Fatalf("the web app is not built (run make build): %v", err)
	}
	total := 0
	for _, m := range indexScripts.FindAllSubmatch(page, -1) {
		data, err := fs.ReadFile(web.Dist(), string(m[1]))
		if err != nil {
			t.Fatalf("index.html names %s: %v", m[1], err)
		}
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		_, _ = w.Write(data)
		_ = w.Close()
		total += b.Len()
	}
	if total == 0 {
		t.Fatal("index.html names no script")
	}
	t.Logf("initial scripts: %d KiB gzip", total/1024)
	if total > initialScriptBudget {
		t.Errorf("the scripts index.html loads are %d KiB gzip, over the %d KiB budget", total/1024, initialScriptBudget/1024)
	}
}
