package playlists_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
)

// Rules a person can get wrong are refused with a message saying what is
// wrong and how to put it right, about the rules field.
func TestValidateRulesRefusesMistakesWithClearMessages(t *testing.T) {
	deep := `{"field":"year","op":"gt","value":1}`
	for range 4 {
		deep = `{"match":"any","rules":[` + deep + `]}`
	}
	many := strings.Repeat(`{"field":"year","op":"gt","value":1},`, 51)
	cases := []struct{ name, rules, want string }{
		{"unknown field", one("mood", "is", `"happy"`), `there is no field "mood"`},
		{"no field", `{"match":"all","rules":[{"op":"is","value":"x"}]}`, "names no field"},
		{"text operator on a number", one("year", "contains", `"19"`), `Year cannot use "contains"`},
		{"number operator on text", one("title", "gt", `3`), `Title cannot use "gt"`},
		{"never on a date that always happened", one("added", "never", `null`), `Date added cannot use "never"`},
		{"text for a number", one("year", "eq", `"1999"`), "must be a number"},
		{"number out of bounds", one("rating", "gt", `6`), "from 0 to 5"},
		{"empty text", one("artist", "is", `"  "`), "type some text"},
		{"no value", `{"match":"all","rules":[{"field":"artist","op":"is"}]}`, "give a value"},
		{"a date that is not one", one("added", "lt", `"31/12/2024"`), "write it as 2024-12-31"},
		{"between with one value", one("year", "between", `[1990]`), "two values"},
		{"between the wrong way round", one("year", "between", `[2000, 1990]`), "must not be greater"},
		{"days not whole", one("added", "inTheLast", `1.5`), "whole number from 1"},
		{"days zero", one("lastplayed", "notInTheLast", `0`), "whole number from 1"},
		{"liked not a boolean", one("liked", "is", `"yes"`), "true or false"},
		{"not a key", one("key", "is", `"H major"`), "is not a key"},
		{"bad match", `{"match":"some","rules":[]}`, `"all" or "any"`},
		{"empty nested group", `{"match":"all","rules":[{"match":"any","rules":[]}]}`, "group is empty"},
		{"nested too deep", `{"match":"all","rules":[` + deep + `]}`, "at most 4 deep"},
		{"too many conditions", `{"match":"all","rules":[` + strings.TrimSuffix(many, ",") + `]}`, "at most 50 conditions"},
		{"limit too large", `{"match":"all","rules":[],"limit":5001}`, "between 1 and 5000"},
		{"limit negative", `{"match":"all","rules":[],"limit":-1}`, "between 1 and 5000"},
		{"unknown sort", `{"match":"all","rules":[],"sort":"mood"}`, `cannot be sorted by "mood"`},
		{"unknown order", `{"match":"all","rules":[],"sort":"year","order":"up"}`, "asc or desc"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := playlists.ValidateRules(rules(t, c.rules))
			if musicify.ErrorCode(err) != musicify.EINVALID || musicify.ErrorField(err) != "rules" {
				t.Fatalf("%v: want invalid rules", err)
			}
			if !strings.Contains(musicify.ErrorMessage(err), c.want) {
				t.Errorf("message %q, want it to say %q", musicify.ErrorMessage(err), c.want)
			}
		})
	}
	if _, err := playlists.ValidateRules(nil); musicify.ErrorCode(err) != musicify.EINVALID {
		t.Errorf("no rules: %v", err)
	}
}

// Valid rules come back in the one form the store reads.
func TestValidateRulesWritesCanonicalValues(t *testing.T) {
	got, err := playlists.ValidateRules(rules(t, `{"match":"any","rules":[
		{"field":"key","op":"is","value":"bb minor"},
		{"field":"added","op":"between","value":[" 2024-01-05","2024-02-01"]},
		{"field":"title","op":"contains","value":"  Love "},
		{"match":"all","rules":[{"field":"lastplayed","op":"never","value":123}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(got)
	want := `{"match":"any","rules":[{"field":"key","op":"is","value":"B♭ minor"},{"field":"added","op":"between","value":["2024-01-05","2024-02-01"]},{"field":"title","op":"contains","value":"Love"},{"match":"all","rules":[{"field":"lastplayed","op":"never"}]}],"order":"asc"}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}
