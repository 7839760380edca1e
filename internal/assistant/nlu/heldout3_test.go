package nlu

import "testing"

// TestTheThirdSetIsSatisfied scores requests written by someone who never
// read the parser. The set was held out until it was first scored (73.5%);
// rules were written against its misses since, so it is a development set
// now and heldout4.tsv is the one that measures new wording.
func TestTheThirdSetIsSatisfied(t *testing.T) {
	if share := satisfiedShare(t, "heldout3.tsv", "set 3 (since tuned on)", 100); share < satisfiedTarget {
		t.Fatalf("%.1f%% satisfied, target %.0f%%", 100*share, 100*satisfiedTarget)
	}
}
