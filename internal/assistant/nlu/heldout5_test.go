package nlu

import "testing"

// TestTheFifthSetIsSatisfied scores requests written by someone who never
// read the parser. The set was held out until it was first scored (82.5%);
// rules were written against its misses since, so it is a development set
// now and heldout6.tsv is the one that measures new wording.
func TestTheFifthSetIsSatisfied(t *testing.T) {
	if share := satisfiedShare(t, "heldout5.tsv", "set 5 (since tuned on)", 120); share < satisfiedTarget {
		t.Fatalf("%.1f%% satisfied, target %.0f%%", 100*share, 100*satisfiedTarget)
	}
}
