package nlu

import "testing"

// TestTheFourthSetIsSatisfied scores requests written by someone who never
// read the parser. The set was held out until it was first scored (78.7%);
// rules were written against its misses since, so it is a development set
// now and heldout5.tsv is the one that measures new wording.
func TestTheFourthSetIsSatisfied(t *testing.T) {
	if share := satisfiedShare(t, "heldout4.tsv", "set 4 (since tuned on)", 120); share < satisfiedTarget {
		t.Fatalf("%.1f%% satisfied, target %.0f%%", 100*share, 100*satisfiedTarget)
	}
}
