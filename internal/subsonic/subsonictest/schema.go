// Package subsonictest checks JSON answers of the OpenSubsonic API against
// the public open-subsonic-api specification, independently of the server's
// own Go types: a response that marshals from the server's structs can still
// be wrong for a client (a nil slice written as null, an id written as a
// number, a required field tagged omitempty), and only a checker written from
// the spec catches that.
//
// The spec is a set of JSON Schemas (openapi/schemas/*.json) and Markdown
// tables (content/en/docs/Responses/*.md) in github.com/opensubsonic/open-subsonic-api.
// types.go restates the parts our endpoints use as Go data; this file is the
// small walker that applies them.
package subsonictest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// kind is a JSON type as the spec names it.
type kind int

const (
	kString kind = iota
	kInteger
	kNumber
	kBoolean
	kObject
	kArray
)

func (k kind) String() string {
	return [...]string{"string", "integer", "number", "boolean", "object", "array"}[k]
}

// typ is one schema node: a scalar with optional enum/range/format, an object
// with fields, or an array of elem.
type typ struct {
	kind   kind
	name   string  // object type name from the spec, for messages
	fields []field // kObject
	elem   *typ    // kArray

	strEnum  []string // kString: allowed values
	intEnum  []int64  // kInteger: allowed values
	min, max *float64 // kInteger/kNumber: inclusive bounds
	dateTime bool     // kString: ISO 8601 date-time
	emptyOK  bool     // kString: "" is also allowed
	pattern  *regexp.Regexp
}

type field struct {
	name     string
	required bool
	t        *typ
}

// Scalar building blocks.
var (
	tString   = &typ{kind: kString}
	tInt      = &typ{kind: kInteger}
	tNumber   = &typ{kind: kNumber}
	tBool     = &typ{kind: kBoolean}
	tDateTime = &typ{kind: kString, dateTime: true}
)

func req(name string, t *typ) field { return field{name: name, required: true, t: t} }
func opt(name string, t *typ) field { return field{name: name, t: t} }

func object(name string, fields ...field) *typ {
	return &typ{kind: kObject, name: name, fields: fields}
}

// extend is the spec's allOf: base's fields plus more (a later field of the
// same name replaces the base one, e.g. to make it required).
func extend(base *typ, name string, more ...field) *typ {
	fs := slices.Clone(base.fields)
	for _, f := range more {
		if i := slices.IndexFunc(fs, func(g field) bool { return g.name == f.name }); i >= 0 {
			fs[i] = f
			continue
		}
		fs = append(fs, f)
	}
	return object(name, fs...)
}

func arrayOf(t *typ) *typ { return &typ{kind: kArray, elem: t} }

func enumString(values ...string) *typ { return &typ{kind: kString, strEnum: values} }

func enumInt(values ...int64) *typ { return &typ{kind: kInteger, intEnum: values} }

func intRange(lo, hi float64) *typ { return &typ{kind: kInteger, min: &lo, max: &hi} }

func numRange(lo, hi float64) *typ { return &typ{kind: kNumber, min: &lo, max: &hi} }

func numMin(lo float64) *typ { return &typ{kind: kNumber, min: &lo} }

func intMin(lo float64) *typ { return &typ{kind: kInteger, min: &lo} }

// isoDateTime accepts the ISO 8601 forms servers and the spec's own examples
// use: date, 'T', time, optional fraction, optional zone ("Z" or ±hh:mm).
// The spec's examples include zone-less stamps ("2013-11-02T12:30:00"), so a
// zone is not demanded.
var isoDateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$`)

// checker collects every problem rather than stopping at the first, so one
// failing test run shows all of a response's mistakes.
type checker struct {
	problems []string
}

const maxProblems = 50

func (c *checker) addf(path, format string, args ...any) {
	if len(c.problems) < maxProblems {
		c.problems = append(c.problems, path+": "+fmt.Sprintf(format, args...))
	}
}

// jsonKind names the JSON type of a value decoded with UseNumber.
func jsonKind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case json.Number:
		if isInteger(x) {
			return "integer"
		}
		return "number"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return fmt.Sprintf("%T", v)
}

// isInteger: Go's encoder writes integers without fraction or exponent, and
// so does every server we care about; 3.0 is a float the spec calls number.
func isInteger(n json.Number) bool {
	s := string(n)
	if strings.ContainsAny(s, ".eE") {
		return false
	}
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

func (c *checker) check(path string, t *typ, v any) {
	got := jsonKind(v)
	switch t.kind {
	case kString:
		s, ok := v.(string)
		if !ok {
			c.addf(path, "want string, got %s", got)
			return
		}
		if len(t.strEnum) > 0 && !slices.Contains(t.strEnum, s) {
			c.addf(path, "want one of %q, got %q", t.strEnum, s)
		}
		if t.dateTime && !(t.emptyOK && s == "") && !isoDateTime.MatchString(s) {
			c.addf(path, "want an ISO 8601 date-time, got %q", s)
		}
		if t.pattern != nil && !t.pattern.MatchString(s) {
			c.addf(path, "want a value matching %s, got %q", t.pattern, s)
		}
	case kInteger:
		n, ok := v.(json.Number)
		if !ok || !isInteger(n) {
			c.addf(path, "want integer, got %s", describe(v))
			return
		}
		i, _ := n.Int64()
		if len(t.intEnum) > 0 && !slices.Contains(t.intEnum, i) {
			c.addf(path, "want one of %v, got %d", t.intEnum, i)
		}
		c.checkRange(path, t, float64(i))
	case kNumber:
		n, ok := v.(json.Number)
		if !ok {
			c.addf(path, "want number, got %s", got)
			return
		}
		f, err := n.Float64()
		if err != nil {
			c.addf(path, "want number, got %q", n)
			return
		}
		c.checkRange(path, t, f)
	case kBoolean:
		if _, ok := v.(bool); !ok {
			c.addf(path, "want boolean, got %s", got)
		}
	case kArray:
		items, ok := v.([]any)
		if !ok {
			c.addf(path, "want array, got %s", got)
			return
		}
		for i, item := range items {
			c.check(fmt.Sprintf("%s[%d]", path, i), t.elem, item)
		}
	case kObject:
		obj, ok := v.(map[string]any)
		if !ok {
			c.addf(path, "want object (%s), got %s", t.name, got)
			return
		}
		c.checkFields(path, t, obj)
	}
}

// checkFields checks declared fields only: the spec lets servers add fields
// (OpenSubsonic itself grew that way), so unknown keys are not mistakes.
func (c *checker) checkFields(path string, t *typ, obj map[string]any) {
	for _, f := range t.fields {
		v, present := obj[f.name]
		if !present {
			if f.required {
				c.addf(path+"."+f.name, "required field of %s is missing", t.name)
			}
			continue
		}
		c.check(path+"."+f.name, f.t, v)
	}
}

func (c *checker) checkRange(path string, t *typ, f float64) {
	if t.min != nil && f < *t.min {
		c.addf(path, "want at least %v, got %v", *t.min, f)
	}
	if t.max != nil && f > *t.max {
		c.addf(path, "want at most %v, got %v", *t.max, f)
	}
}

// describe is jsonKind plus the value for numbers, so "want integer, got
// number 1.5" says what was sent.
func describe(v any) string {
	if n, ok := v.(json.Number); ok && !isInteger(n) {
		return "number " + string(n)
	}
	return jsonKind(v)
}
