package bench

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/testserver"
)

// A short soak against the real binary: a fixed number of calls, two full
// rounds of the mix, so every kind of call is made whatever the machine's
// speed, and none may fail or leave an error in the server's log.
func TestSoakMakesEveryKindOfCallWithoutErrors(t *testing.T) {
	m := &soakMix{} // the ops' weights do not depend on the catalog
	deck := 0
	for _, op := range append(append(m.webOps(), m.followOp()), m.subsonicOps()...) {
		deck += op.weight
	}
	var out strings.Builder
	s := soak{binary: testserver.Musicify(t), dir: t.TempDir(), workers: 2, rate: 100, requests: 2 * deck, seed: 1,
		out: &out,
		// No wait for the uploads' analysis, which then runs beside the
		// calls (and is stopped with the server), and a sample at the start
		// and one at the end: the test waits on no timer.
		jobsWait: 0, sample: time.Hour}
	res, err := s.run(context.Background())
	defer func() {
		if t.Failed() {
			t.Logf("the soak's output:\n%s", out.String())
		}
	}()
	if err != nil {
		t.Fatal(err)
	}
	if res.calls != int64(2*deck) || res.errors != 0 || len(res.problems) != 0 {
		t.Errorf("%d calls (want %d), %d errors, problems in the server's log: %q", res.calls, 2*deck, res.errors, res.problems)
	}
	if len(res.kinds) < 40 {
		t.Errorf("only %d kinds of call in the mix", len(res.kinds))
	}
	for _, k := range res.kinds {
		if len(k.lat)+k.errors == 0 {
			t.Errorf("no %s call was made", k.name)
		}
		if !strings.Contains(out.String(), k.name) {
			t.Errorf("the summary does not report %s", k.name)
		}
	}
	if res.memory.judged {
		t.Errorf("memory judged on two samples")
	}
}
