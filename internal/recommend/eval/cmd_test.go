package eval

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEvalRecommendPrintsTheBaselineTable(t *testing.T) {
	dir := t.TempDir()
	var csv strings.Builder
	csv.WriteString("user,item\n")
	for _, p := range Synthetic(120, 400, 8, 20, 0.85, 3) {
		fmt.Fprintf(&csv, "%s,%s\n", p.User, p.Item)
	}
	pairs := filepath.Join(dir, "pairs.csv")
	items := filepath.Join(dir, "items.csv")
	if err := os.WriteFile(pairs, []byte(csv.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(items, []byte("item,artist,genre,tempo\ns1,a,rock,120\nnever-played,b,rock,118\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	code := Recommend([]string{"--interactions", pairs, "--items", items, "--holdout", "random", "--runs", "2", "--seed", "4", "--lambda", "100"}, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.String()
	for _, want := range []string{"holdout random, 2 run(s)", "hit@10", "NDCG@10", "coverage", "novelty", "peak MB", "popularity ", "item-knn ", "rp3b ", "ease ", "engine "} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	// A cap below the catalog is reported; 0 lifts it, for the whole catalog.
	for arg, want := range map[string]string{"50": "EASE over the 50 most played items", "0": "EASE over all "} {
		out.Reset()
		code := Recommend([]string{"--interactions", pairs, "--holdout", "random", "--lambda", "100", "--ease-items", arg, "--models", "ease"}, &out, &errs)
		if code != 0 || !strings.Contains(out.String(), want) {
			t.Errorf("--ease-items %s exits %d, want %q:\n%s%s", arg, code, want, out.String(), errs.String())
		}
	}
	if code := Recommend([]string{"--interactions", pairs, "--holdout", "sideways"}, &out, &errs); code != 1 {
		t.Errorf("a wrong holdout exits %d", code)
	}
	if code := Recommend(nil, &out, &errs); code != 2 {
		t.Errorf("no data exits %d", code)
	}
}
