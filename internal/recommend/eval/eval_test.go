package eval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/recommend"
)

// plantedCatalog is Synthetic's 20 tastes of 100 songs, with metadata: each
// song's genre is its taste's, and its sound its taste's centre plus noise.
// Each taste also gets 3 new songs nobody played but one of its fans, as
// their last play: held out, they are new to every recommender.
func plantedCatalog(seed uint64) ([]Pair, []Item, map[string]bool) {
	const groups, perGroup = 20, 100
	pairs := Synthetic(400, groups*perGroup, groups, 30, 0.9, seed)
	r := rand.New(rand.NewPCG(seed, 99))
	centres := make([][]float32, groups)
	for g := range centres {
		centres[g] = make([]float32, 8)
		for d := range centres[g] {
			centres[g][d] = float32(r.NormFloat64())
		}
	}
	sound := func(g int) []float32 {
		f := make([]float32, 8)
		for d := range f {
			f[d] = centres[g][d] + 0.3*float32(r.NormFloat64())
		}
		return f
	}
	var items []Item
	for i := 0; i < groups*perGroup; i++ {
		g := i / perGroup
		items = append(items, Item{ID: fmt.Sprintf("s%d", i), Artist: fmt.Sprintf("band%d", i/5), Genre: fmt.Sprintf("genre%d", g), Features: sound(g)})
	}
	cold := map[string]bool{}
	for g := 0; g < groups; g++ {
		for j := 0; j < 3; j++ {
			id := fmt.Sprintf("new%d-%d", g, j)
			items = append(items, Item{ID: id, Artist: fmt.Sprintf("newcomer%d-%d", g, j), Genre: fmt.Sprintf("genre%d", g), Features: sound(g)})
			pairs = append(pairs, Pair{User: fmt.Sprintf("u%d", g+groups*(j+1)), Item: id}) // u%20 == g: a fan
			cold[id] = true
		}
	}
	return pairs, items, cold
}

func TestTheEngineFindsPlantedTasteAtLeastThreeTimesBetterThanPopularityAndAsWellAsEASE(t *testing.T) {
	pairs := Synthetic(400, 2000, 20, 30, 0.9, 7)
	r, err := Evaluate(pairs, Config{Holdout: "random", Runs: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + r.String())
	if r.Users < 350 {
		t.Fatalf("only %d users evaluated", r.Users)
	}
	mean := func(name string, metric func(Scores) float64) float64 {
		m, _ := r.Row(name).Mean(metric)
		return m
	}
	hit := func(s Scores) float64 { return s.HitRate }
	ndcg := func(s Scores) float64 { return s.NDCG }
	if e, p := mean("engine", hit), mean("popularity", hit); e < 3*p || e == 0 {
		t.Errorf("engine hit rate %.3f, popularity %.3f: want at least 3x", e, p)
	}
	if e, p := mean("engine", ndcg), mean("popularity", ndcg); e < 3*p {
		t.Errorf("NDCG: engine %.3f, popularity %.3f: want at least 3x", e, p)
	}
	// Within two standard errors of a 760-list sample: the engine is EASE
	// with more signals, and must not lose to it.
	if e, b := mean("engine", hit), mean("ease", hit); e < b-0.02 {
		t.Errorf("engine hit rate %.3f below EASE's %.3f", e, b)
	}
	if len(r.Row("item-knn").Runs) != 2 || r.Row("engine").Runs[0].Coverage <= 0 {
		t.Errorf("every model runs on every split: %+v", r.Rows)
	}
}

func TestSongsNobodyPlayedReachTheirTasteByContent(t *testing.T) {
	pairs, items, cold := plantedCatalog(5)
	r, err := Evaluate(pairs, Config{Holdout: "last", Items: items, Models: []string{"popularity", "engine"}, Lambda: 100})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + r.String())
	if r.ColdCases < len(cold) {
		t.Fatalf("%d held-out songs unplayed in training, want the %d planted and more", r.ColdCases, len(cold))
	}
	chance := float64(r.K) / float64(r.Items)
	engine, pop := r.Row("engine").Runs[0].ColdHit, r.Row("popularity").Runs[0].ColdHit
	if engine < 5*max(pop, chance) {
		t.Fatalf("new songs: engine hit rate %.3f, popularity %.3f, chance %.4f: want 5x", engine, pop, chance)
	}
	// And the new songs each list shows are of its user's taste.
	s := newSplit(distinct(pairs), items, "last", 3, nil)
	rk := &engineRanker{cfg: recommend.TrainConfig{Lambda: 100}}
	if err := rk.train(s); err != nil {
		t.Fatal(err)
	}
	right, shown := 0, 0
	for _, u := range s.testUser {
		var g int
		fmt.Sscanf(s.users[u], "u%d", &g)
		for _, it := range rk.recommend(u, 10) {
			if s.pop[it] == 0 {
				shown++
				if s.meta[it].Genre == fmt.Sprintf("genre%d", g%20) {
					right++
				}
			}
		}
	}
	if shown < len(s.testUser)/2 || float64(right) < 0.9*float64(shown) {
		t.Fatalf("%d of %d new songs shown are of their listener's taste, in %d lists", right, shown, len(s.testUser))
	}
}

func TestWithoutMetadataANewSongIsNotInTheCatalog(t *testing.T) {
	// Before, every unplayed item of an evaluation was a test item: a leak.
	pairs, items, cold := plantedCatalog(5)
	s := newSplit(distinct(pairs), nil, "last", 3, nil)
	played := map[string]bool{}
	for _, l := range s.train {
		for _, i := range l {
			played[s.catalog[i]] = true
		}
	}
	if len(s.catalog) != len(played) || coldCases(s) != 0 {
		t.Fatalf("catalog of %d items, %d played in training, %d unplayed test items", len(s.catalog), len(played), coldCases(s))
	}
	for id := range cold {
		if _, ok := s.index[id]; ok {
			t.Fatalf("%s, played only by the user it is held out from, is in the catalog", id)
		}
	}
	s = newSplit(distinct(pairs), append(items, Item{ID: "distractor"}), "last", 3, nil)
	if len(s.catalog) != len(items)+1 || coldCases(s) < len(cold) {
		t.Fatalf("catalog of %d items, want the %d of the items file and the distractor", len(s.catalog), len(items))
	}
}

func TestRandomHoldoutsDifferBySeedAndRepeatByIt(t *testing.T) {
	pairs := distinct(Synthetic(100, 300, 5, 20, 0.8, 1))
	held := func(seed uint64) []int32 {
		s := newSplit(pairs, nil, "random", 3, rand.New(rand.NewPCG(seed, 0x5eed)))
		return s.test
	}
	if !slices.Equal(held(1), held(1)) || slices.Equal(held(1), held(2)) {
		t.Fatal("a seed does not pick its split")
	}
	s := newSplit(pairs, nil, "last", 3, nil)
	for t2, u := range s.testUser {
		if slices.Contains(s.train[u], s.test[t2]) {
			t.Fatalf("user %s's test item is in their training items", s.users[u])
		}
	}
}

func TestNoListEverHoldsWhatItsUserHeardHoweverLongTheirHistory(t *testing.T) {
	// One user heard 900 songs, more than the engine's history keeps.
	var pairs []Pair
	for i := 0; i < 900; i++ {
		pairs = append(pairs, Pair{"big", fmt.Sprintf("s%d", i)})
		pairs = append(pairs, Pair{fmt.Sprintf("u%d", i%30), fmt.Sprintf("s%d", i)})
		pairs = append(pairs, Pair{fmt.Sprintf("u%d", i%30), fmt.Sprintf("s%d", (i+1)%900)})
	}
	s := newSplit(distinct(pairs), nil, "random", 3, rand.New(rand.NewPCG(1, 2)))
	for _, name := range AllModels {
		rk := newRanker(name, Config{EASEItems: 1000}, 100)
		if err := rk.train(s); err != nil {
			t.Fatal(err)
		}
		for _, u := range s.testUser {
			for _, it := range rk.recommend(u, 10) {
				if slices.Contains(s.train[u], it) {
					t.Fatalf("%s recommends %s to %s, who heard it", name, s.catalog[it], s.users[u])
				}
			}
		}
	}
}

func TestReadPairs(t *testing.T) {
	pairs, err := ReadPairs(strings.NewReader("user,item\nann, s1\nbob,s2\n"))
	if err != nil || len(pairs) != 2 || pairs[0] != (Pair{"ann", "s1"}) {
		t.Fatalf("%v %v", pairs, err)
	}
	for _, bad := range []string{"ann\n", "ann,\n", "\"unclosed,x\n"} {
		if _, err := ReadPairs(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestReadItems(t *testing.T) {
	items, err := ReadItems(strings.NewReader("item,artist,genre,title,text,tempo,energy\nx,Ann,jazz,Blue,night sax,120,0.5\ny,Bob,,,,,1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || items[0].Artist != "Ann" || items[0].Genre != "jazz" || !slices.Equal(items[0].Features, []float32{120, 0.5}) || items[1].Features[1] != 1 {
		t.Fatalf("%+v", items)
	}
	for _, bad := range []string{"artist\nx\n", "item,tempo\nx,fast\n", "item\n\n,\n"} {
		if _, err := ReadItems(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestStandardizeCentresAndScalesEachFeature(t *testing.T) {
	items := []Item{{Features: []float32{100, 0}}, {Features: []float32{140, 1}}, {Features: []float32{120, 0.5}}}
	Standardize(items)
	for d := 0; d < 2; d++ {
		var sum, sq float64
		for _, it := range items {
			sum += float64(it.Features[d])
			sq += float64(it.Features[d]) * float64(it.Features[d])
		}
		if math.Abs(sum) > 1e-5 || math.Abs(sq/3-1) > 1e-5 {
			t.Fatalf("column %d: sum %g, mean square %g", d, sum, sq/3)
		}
	}
	if items[1].Features[0] <= 0 || items[0].Features[0] >= 0 {
		t.Fatalf("order lost: %+v", items)
	}
}

// A song nobody played, by one of a listener's artists with someone new
// ("band7 & newcomer"), reaches that listener by its credits alone: the
// evaluation reads artist text as the folder scanner does.
func TestACollaborationNobodyPlayedReachesItsArtistsFansByName(t *testing.T) {
	pairs := Synthetic(400, 2000, 20, 30, 0.9, 5)
	var items []Item
	for i := 0; i < 2000; i++ {
		items = append(items, Item{ID: fmt.Sprintf("s%d", i), Artist: fmt.Sprintf("band%d", i/5)})
	}
	firstOf := map[string]string{}
	for _, p := range pairs {
		if _, ok := firstOf[p.User]; !ok {
			firstOf[p.User] = p.Item
		}
	}
	for u := 20; u < 80; u++ { // each one's last play: a new song with an artist they know
		user := fmt.Sprintf("u%d", u)
		var s int
		fmt.Sscanf(firstOf[user], "s%d", &s)
		id := fmt.Sprintf("new%d", u)
		items = append(items, Item{ID: id, Artist: fmt.Sprintf("band%d & newcomer%d", s/5, u)})
		pairs = append(pairs, Pair{User: user, Item: id})
	}
	r, err := Evaluate(pairs, Config{Holdout: "last", Items: items, Models: []string{"popularity", "engine"}, Lambda: 100})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + r.String())
	if r.ColdCases < 60 {
		t.Fatalf("%d held-out songs unplayed in training, want the 60 planted", r.ColdCases)
	}
	chance := float64(r.K) / float64(r.Items)
	engine, pop := r.Row("engine").Runs[0].ColdHit, r.Row("popularity").Runs[0].ColdHit
	if engine < 0.25 || engine < 5*max(pop, chance) { // 0.01 when the credits are not read
		t.Fatalf("collaborations: engine hit rate %.3f, popularity %.3f, chance %.4f", engine, pop, chance)
	}
}

func TestCreditsSplitAsTheScannerDoes(t *testing.T) {
	got := credits("Madonna & Justin Timberlake feat. Timbaland")
	want := []string{"Madonna/artist", "Justin Timberlake/artist", "Timbaland/featured"}
	var names []string
	for _, a := range got {
		names = append(names, a.Name+"/"+a.Role)
	}
	if !slices.Equal(names, want) {
		t.Fatalf("credits %v, want %v", names, want)
	}
	if credits("Sigur Rós") != nil {
		t.Fatal("one artist needs no credits")
	}
}
