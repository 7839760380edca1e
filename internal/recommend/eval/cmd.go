package eval

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/musicify/musicify/internal/recommend"
)

const usage = `usage: musicify eval recommend (--interactions FILE.csv | --synthetic lastfm) [flags]
  --items FILE.csv      item,artist,genre,title,text and numeric feature columns: metadata, and items nobody played
  --holdout last|random --seed N --runs 5 --min-items 3 --k 10
  --ease-items 4000     EASE (and the engine's EASE part) learns the most played items up to this many (8n² bytes, ~n³ flops); 0: all of them
  --lambda 0            EASE's penalty; 0 tunes it on a validation split of the first run
  --models popularity,item-knn,rp3b,ease,engine
  --synthetic-items     with --synthetic: give the engine the planted metadata and sound too
`

// Recommend runs `musicify eval recommend` with args after its name: the
// engine beside popularity, item-kNN, RP3β and EASE on the same
// leave-one-out splits, the table on stdout. It returns the exit code.
func Recommend(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval recommend", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("interactions", "", "CSV file of user,item lines, in the order they happened")
	itemsFile := fs.String("items", "", "CSV file of item metadata and features")
	synthetic := fs.String("synthetic", "", "lastfm: generated data shaped like HetRec Last.fm-2k instead of a file")
	synthItems := fs.Bool("synthetic-items", false, "with --synthetic, use its item metadata and sound")
	cfg := Config{}
	fs.IntVar(&cfg.K, "k", 10, "length of each recommendation list")
	fs.StringVar(&cfg.Holdout, "holdout", "last", "last or random")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the first random split")
	fs.IntVar(&cfg.Runs, "runs", 1, "random splits to average")
	fs.IntVar(&cfg.MinItems, "min-items", 3, "users with fewer distinct items are only trained on")
	fs.IntVar(&cfg.EASEItems, "ease-items", recommend.EASEMaxItems, "the most items EASE learns; 0 for the whole catalog")
	fs.Float64Var(&cfg.Lambda, "lambda", 0, "EASE's penalty; 0 tunes it")
	models := fs.String("models", strings.Join(AllModels, ","), "recommenders to compare")
	verbose := fs.Bool("v", false, "log each run")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if cfg.EASEItems <= 0 {
		cfg.EASEItems = math.MaxInt32 // no cap: EASE over every item played in training
	}
	var pairs []Pair
	switch {
	case *synthetic == "lastfm":
		var items []Item
		pairs, items = SyntheticShaped(LastfmShaped)
		if *synthItems {
			cfg.Items = items
		}
	case *file != "" && *synthetic == "":
		var err error
		if pairs, err = readCSV(*file, ReadPairs); err != nil {
			fmt.Fprintln(stderr, "musicify eval:", err)
			return 1
		}
	default:
		fmt.Fprint(stderr, usage)
		return 2
	}
	if *itemsFile != "" {
		items, err := readCSV(*itemsFile, ReadItems)
		if err != nil {
			fmt.Fprintln(stderr, "musicify eval:", err)
			return 1
		}
		Standardize(items) // cosine needs centred columns of like scale
		cfg.Items = items
	}
	cfg.Models = strings.Split(*models, ",")
	if *verbose {
		cfg.Log = stderr
	}
	rep, err := Evaluate(pairs, cfg)
	if err != nil {
		fmt.Fprintln(stderr, "musicify eval:", err)
		return 1
	}
	fmt.Fprint(stdout, rep)
	return 0
}

func readCSV[T any](path string, read func(io.Reader) ([]T, error)) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out, err := read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}
