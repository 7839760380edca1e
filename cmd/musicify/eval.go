package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/musicify/musicify/internal/recommend"
)

// evalRecommend runs `musicify eval recommend --interactions FILE.csv`:
// leave-one-out hit rate and NDCG of the engine beside popularity.
func evalRecommend(args []string) int {
	fs := flag.NewFlagSet("eval recommend", flag.ContinueOnError)
	file := fs.String("interactions", "", "CSV file of user,item lines, in the order they happened")
	k := fs.Int("k", 10, "length of each recommendation list")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *file == "" {
		fmt.Fprintln(os.Stderr, "usage: musicify eval recommend --interactions FILE.csv [--k 10]")
		return 2
	}
	f, err := os.Open(*file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "musicify eval:", err)
		return 1
	}
	defer f.Close()
	pairs, err := recommend.ReadPairs(f)
	if err != nil {
		fmt.Fprintf(os.Stderr, "musicify eval: %s: %v\n", *file, err)
		return 1
	}
	fmt.Print(recommend.Evaluate(pairs, *k))
	return 0
}
