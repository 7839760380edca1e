package playlists

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/musicify"
)

// The kinds of value a field holds; each has its operators.
const (
	KindText   = "text"
	KindNumber = "number"
	KindDate   = "date"
	KindBool   = "bool"
	KindKey    = "key"
)

// Field is one thing a rule can test, as the editor lists it.
type Field struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Kind  string `json:"kind"`
	// Min and Max bound a number's values, when it has bounds.
	Min *float64 `json:"min,omitempty"`
	Max *float64 `json:"max,omitempty"`
	// Never: a date that may not have happened (a song never played).
	Never bool `json:"never,omitempty"`
}

func bound(v float64) *float64 { return &v }

// Fields are every field rules may name. Plays, last played, liked and
// rating are the playlist owner's own: a smart playlist is its owner's
// taste, so everyone who opens it sees the same songs. "Total plays" is
// everyone's listens together.
var Fields = []Field{
	{Name: "title", Label: "Title", Kind: KindText},
	{Name: "artist", Label: "Artist", Kind: KindText},
	{Name: "album", Label: "Album", Kind: KindText},
	{Name: "genre", Label: "Genre", Kind: KindText},
	{Name: "format", Label: "Format", Kind: KindText},
	{Name: "year", Label: "Year", Kind: KindNumber, Min: bound(0), Max: bound(9999)},
	{Name: "added", Label: "Date added", Kind: KindDate},
	{Name: "plays", Label: "My plays", Kind: KindNumber, Min: bound(0)},
	{Name: "totalplays", Label: "Total plays", Kind: KindNumber, Min: bound(0)},
	{Name: "lastplayed", Label: "Last played", Kind: KindDate, Never: true},
	{Name: "liked", Label: "Liked", Kind: KindBool},
	{Name: "rating", Label: "Rating", Kind: KindNumber, Min: bound(0), Max: bound(5)},
	{Name: "bpm", Label: "BPM", Kind: KindNumber, Min: bound(0), Max: bound(1000)},
	{Name: "key", Label: "Key", Kind: KindKey},
	{Name: "energy", Label: "Energy", Kind: KindNumber, Min: bound(0), Max: bound(100)},
	{Name: "length", Label: "Length (seconds)", Kind: KindNumber, Min: bound(0)},
}

// Operators are each kind's operators, in the editor's order.
var Operators = map[string][]string{
	KindText:   {"is", "isNot", "contains", "notContains", "startsWith"},
	KindNumber: {"eq", "ne", "lt", "gt", "between"},
	KindDate:   {"eq", "ne", "lt", "gt", "between", "inTheLast", "notInTheLast", "never"},
	KindBool:   {"is"},
	KindKey:    {"is", "isNot"},
}

// Limits of rules, so that one playlist cannot ask for a query nobody
// could run: groups nest at most MaxDepth deep (the top group is 1) and
// hold MaxConditions conditions in all.
const (
	MaxDepth      = 4
	MaxConditions = 50
	maxText       = 200
	maxDays       = 36500
)

// Sorts are the orders besides the fields: a daily shuffle.
const SortRandom = "random"

func fieldNamed(name string) (Field, bool) {
	for _, f := range Fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

func fieldNames() string {
	names := make([]string, len(Fields))
	for i, f := range Fields {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// ValidateRules checks rules and writes their values in the canonical form
// the store reads (a date as "2006-01-02", a key as "A minor", days as a
// whole number). Every message says which rule, counted from 1 in the
// editor's order, and what to do.
func ValidateRules(r *musicify.SmartRules) (*musicify.SmartRules, error) {
	if r == nil {
		return nil, invalid("Please give the smart playlist its rules.")
	}
	out := &musicify.SmartRules{Sort: r.Sort, Order: r.Order, Limit: r.Limit}
	v := validator{}
	root, err := v.group(musicify.Rule{Match: r.Match, Rules: r.Rules}, 1, true)
	if err != nil {
		return nil, err
	}
	out.Match, out.Rules = root.Match, root.Rules
	switch out.Order {
	case "":
		out.Order = "asc"
	case "asc", "desc":
	default:
		return nil, invalid("The order must be asc or desc, not %q.", out.Order)
	}
	if out.Sort != "" && out.Sort != SortRandom {
		if _, ok := fieldNamed(out.Sort); !ok {
			return nil, invalid("Songs cannot be sorted by %q: sort by one of %s, or random.", out.Sort, fieldNames())
		}
	}
	if out.Limit < 0 || out.Limit > musicify.SmartSongsMax {
		return nil, invalid("The limit must be between 1 and %d songs, or empty for every song that matches.", musicify.SmartSongsMax)
	}
	return out, nil
}

func invalid(format string, args ...any) *musicify.Error {
	return musicify.Errorf(musicify.EINVALID, format, args...).In("rules")
}

type validator struct{ conditions int }

func (v *validator) group(g musicify.Rule, depth int, root bool) (musicify.Rule, error) {
	if depth > MaxDepth {
		return g, invalid("Groups nest at most %d deep: move some conditions up a level.", MaxDepth)
	}
	if g.Match != "all" && g.Match != "any" {
		return g, invalid("A group matches \"all\" or \"any\" of its conditions, not %q.", g.Match)
	}
	if !root && len(g.Rules) == 0 {
		return g, invalid("A group is empty: add a condition to it or remove it.")
	}
	out := musicify.Rule{Match: g.Match, Rules: make([]musicify.Rule, 0, len(g.Rules))}
	for _, r := range g.Rules {
		var err error
		if r.IsGroup() {
			r, err = v.group(r, depth+1, false)
		} else {
			v.conditions++
			if v.conditions > MaxConditions {
				return g, invalid("A smart playlist has at most %d conditions.", MaxConditions)
			}
			r, err = v.condition(r)
		}
		if err != nil {
			return g, err
		}
		out.Rules = append(out.Rules, r)
	}
	return out, nil
}

func (v *validator) condition(r musicify.Rule) (musicify.Rule, error) {
	n := v.conditions
	if len(r.Rules) > 0 {
		return r, invalid("Condition %d holds rules but no \"match\": a group says whether all or any must hold.", n)
	}
	f, ok := fieldNamed(r.Field)
	if !ok {
		if r.Field == "" {
			return r, invalid("Condition %d names no field: choose one of %s.", n, fieldNames())
		}
		return r, invalid("Condition %d: there is no field %q. The fields are %s.", n, r.Field, fieldNames())
	}
	ops := Operators[f.Kind]
	known := false
	for _, op := range ops {
		known = known || op == r.Op
	}
	if r.Op == "never" && !f.Never {
		known = false
	}
	if !known {
		return r, invalid("Condition %d: %s cannot use %q; use one of %s.", n, f.Label, r.Op, strings.Join(opsOf(f), ", "))
	}
	value, err := canonical(f, r.Op, r.Value)
	if err != nil {
		return r, invalid("Condition %d (%s): %s", n, f.Label, err.Error())
	}
	return musicify.Rule{Field: f.Name, Op: r.Op, Value: value}, nil
}

func opsOf(f Field) []string {
	var out []string
	for _, op := range Operators[f.Kind] {
		if op != "never" || f.Never {
			out = append(out, op)
		}
	}
	return out
}

// canonical reads a condition's value as its field and operator need it.
func canonical(f Field, op string, raw json.RawMessage) (json.RawMessage, error) {
	if op == "never" {
		return nil, nil
	}
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil, problemf("please give a value.")
	}
	var v any
	switch {
	case f.Kind == KindText:
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil, problemf("the value must be text.")
		}
		s = strings.TrimSpace(s)
		if s == "" {
			return nil, problemf("please type some text to look for.")
		}
		if !utf8.ValidString(s) || utf8.RuneCountInString(s) > maxText {
			return nil, problemf("the text must be at most %d characters.", maxText)
		}
		v = s
	case f.Kind == KindBool:
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			return nil, problemf("the value must be true or false.")
		}
		v = b
	case f.Kind == KindKey:
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil, problemf("the key must be text such as \"A minor\".")
		}
		tonic, mode, ok := ParseKey(s)
		if !ok {
			return nil, problemf("%q is not a key: write a note and major or minor, such as \"F# minor\".", s)
		}
		v = KeyName(tonic, mode)
	case op == "inTheLast" || op == "notInTheLast":
		var d float64
		if json.Unmarshal(raw, &d) != nil || d != math.Trunc(d) || d < 1 || d > maxDays {
			return nil, problemf("the number of days must be a whole number from 1 to %d.", maxDays)
		}
		v = int(d)
	case op == "between":
		var pair []json.RawMessage
		if json.Unmarshal(raw, &pair) != nil || len(pair) != 2 {
			return nil, problemf("between needs two values, the lower first.")
		}
		lo, err := scalar(f, pair[0])
		if err != nil {
			return nil, err
		}
		hi, err := scalar(f, pair[1])
		if err != nil {
			return nil, err
		}
		if less(hi, lo) {
			return nil, problemf("the first value of between must not be greater than the second.")
		}
		v = []any{lo, hi}
	default:
		s, err := scalar(f, raw)
		if err != nil {
			return nil, err
		}
		v = s
	}
	return json.Marshal(v)
}

func less(a, b any) bool {
	switch a := a.(type) {
	case float64:
		return a < b.(float64)
	case string:
		return a < b.(string) // dates as 2006-01-02 sort as text
	}
	return false
}

// scalar reads one number or date.
func scalar(f Field, raw json.RawMessage) (any, error) {
	if f.Kind == KindDate {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil, problemf("the date must be written as 2024-12-31.")
		}
		t, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
		if err != nil {
			return nil, problemf("%q is not a date: write it as 2024-12-31.", s)
		}
		return t.Format(time.DateOnly), nil
	}
	var n float64
	if json.Unmarshal(raw, &n) != nil || math.IsNaN(n) || math.IsInf(n, 0) {
		return nil, problemf("the value must be a number.")
	}
	if f.Min != nil && n < *f.Min || f.Max != nil && n > *f.Max {
		switch {
		case f.Max == nil:
			return nil, problemf("the value must be at least %g.", *f.Min)
		default:
			return nil, problemf("the value must be from %g to %g.", *f.Min, *f.Max)
		}
	}
	return n, nil
}

var notes = map[string]int{"c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11}

// ParseKey reads a key such as "A minor", "F# major", "E♭ minor" or
// "Bb minor".
func ParseKey(s string) (tonic int, mode musicify.Mode, ok bool) {
	parts := strings.Fields(strings.ToLower(s))
	if len(parts) != 2 || (parts[1] != string(musicify.Major) && parts[1] != string(musicify.Minor)) {
		return 0, "", false
	}
	note := []rune(parts[0])
	t, ok := notes[string(note[0])]
	if !ok || len(note) > 2 {
		return 0, "", false
	}
	if len(note) == 2 {
		switch note[1] {
		case '#', '♯':
			t++
		case 'b', '♭':
			t--
		default:
			return 0, "", false
		}
	}
	return (t + 12) % 12, musicify.Mode(parts[1]), true
}

// KeyName spells a key as the analysis does ("B♭ minor").
func KeyName(tonic int, mode musicify.Mode) string {
	f := musicify.AudioFeatures{Key: tonic, Mode: mode}
	return f.KeyName()
}

// problem is what is wrong with a condition's value, as the end of a
// sentence the caller starts ("Condition 2: " …), so it keeps its full stop.
type problem string

func (p problem) Error() string { return string(p) }

func problemf(format string, args ...any) error { return problem(fmt.Sprintf(format, args...)) }
