package lrc

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want []Line
	}{
		{"empty", "", nil},
		{"plain text has no timed lines", "just words\nmore words", nil},
		{"hundredths", "[00:01.50]One\n[01:02.05]Two", []Line{{1500, "One"}, {62050, "Two"}}},
		{"tenths and thousandths", "[00:01.5]A\n[00:02.125]B", []Line{{1500, "A"}, {2125, "B"}}},
		{"no fraction, colon fraction", "[00:03]A\n[00:04:25]B", []Line{{3000, "A"}, {4250, "B"}}},
		{"three-digit minutes", "[100:00.00]Long", []Line{{6_000_000, "Long"}}},
		{
			"several stamps on a line are sung at each, in time order",
			"[00:10.00][00:01.00]Chorus\n[00:05.00]Verse",
			[]Line{{1000, "Chorus"}, {5000, "Verse"}, {10000, "Chorus"}},
		},
		{
			"metadata tags and untimed lines are skipped",
			"[ar:Someone]\n[ti:Song]\n[length:03:20]\n[by:me]\nno stamp\n[00:00.50]Hello",
			[]Line{{500, "Hello"}},
		},
		{"an empty line keeps its time as a gap", "[00:01.00]A\n[00:02.00]\n[00:03.00]B", []Line{{1000, "A"}, {2000, ""}, {3000, "B"}}},
		{"word stamps and spaces go", " [00:01.00] <00:01.00>Hi <00:01.40>there \r", []Line{{1000, "Hi there"}}},
		{"a positive offset makes lines sooner", "[offset:+500]\n[00:02.00]A", []Line{{1500, "A"}}},
		{"a negative offset makes lines later", "[00:02.00]A\n[offset:-250]", []Line{{2250, "A"}}},
		{"no line starts before the song", "[offset:1000]\n[00:00.20]A\n[00:03.00]B", []Line{{0, "A"}, {2000, "B"}}},
		{"equal stamps keep the file's order", "[00:01.00]First\n[00:01.00]Second", []Line{{1000, "First"}, {1000, "Second"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Parse(tc.in); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Parse(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		name, in, plain, synced string
	}{
		{"plain", "la la\nla", "la la\nla", ""},
		{"one stamp is not enough", "[00:01.00]la\nla", "[00:01.00]la\nla", ""},
		{"a stamp mid-line is words", "no [00:01] timestamps here\nreally", "no [00:01] timestamps here\nreally", ""},
		{"fewer than half stamped", "[00:01]a\n[00:02]b\nc\nd\ne", "[00:01]a\n[00:02]b\nc\nd\ne", ""},
		{
			"LRC gives its words without stamps or tags",
			"[ar:X]\n[00:01.00]One\n[00:02.00][00:04.00]Two\n\n",
			"One\nTwo",
			"[ar:X]\n[00:01.00]One\n[00:02.00][00:04.00]Two",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain, synced := Split(tc.in)
			if plain != tc.plain || synced != tc.synced {
				t.Errorf("Split(%q) = %q, %q; want %q, %q", tc.in, plain, synced, tc.plain, tc.synced)
			}
		})
	}
}
