package subsonictest

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Namespace is the XML namespace of every element of a Subsonic XML answer.
const Namespace = "http://subsonic.org/restapi"

// element is one XML element, as far as the Subsonic XSD uses XML.
type element struct {
	name     xml.Name
	attrs    map[string]string
	children []*element
	text     strings.Builder
}

// parseXML reads a whole document strictly: one root, tags that close in
// order, known entities, nothing after the root.
func parseXML(body []byte) (*element, error) {
	dec := xml.NewDecoder(bytes.NewReader(body))
	var root *element
	var stack []*element
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("not well-formed XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			el := &element{name: t.Name, attrs: map[string]string{}}
			for _, a := range t.Attr {
				if a.Name.Space == "" {
					el.attrs[a.Name.Local] = a.Value
				}
			}
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				top.children = append(top.children, el)
			} else if root != nil {
				return nil, errors.New("not well-formed XML: a second root element")
			} else {
				root = el
			}
			stack = append(stack, el)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(t)
			} else if len(bytes.TrimSpace(t)) > 0 {
				return nil, errors.New("not well-formed XML: text outside the root element")
			}
		}
	}
	if root == nil {
		return nil, errors.New("not well-formed XML: no root element")
	}
	return root, nil
}

// CheckXMLResponse checks an XML (f=xml, the default) answer of endpoint
// against the same spec as CheckResponse, read the way the Subsonic XSD maps
// it: every element in the http://subsonic.org/restapi namespace, a scalar
// field as an attribute whose text parses as its type (xs:int, xs:boolean,
// xs:dateTime…), an object as one child element, an array as repeated child
// elements, a field named value as the element's text. The answer, turned
// into the JSON the spec describes, then goes through CheckResponse's rules.
// It returns nil or an *Error.
func CheckXMLResponse(endpoint string, body []byte) error {
	name := strings.TrimSuffix(endpoint, ".view")
	p, known := endpoints[name]
	if !known {
		return fmt.Errorf("subsonictest: no schema for endpoint %q (known: %s)", endpoint, strings.Join(Endpoints(), ", "))
	}
	root, err := parseXML(body)
	if err != nil {
		return &Error{Endpoint: name, Problems: []string{err.Error()}}
	}
	c := &checker{}
	checkNamespace(c, root, root.name.Local)
	if root.name.Local != "subsonic-response" {
		c.addf(root.name.Local, "want the root element subsonic-response")
	}
	resp := fromXML(root, envelope).(map[string]any)
	if errs := children(root, "error"); len(errs) > 0 {
		resp["error"] = fromXML(errs[0], subsonicError)
	}
	for _, alt := range append([]payload{p}, oneOf[name]...) {
		if alt.key == "" {
			continue
		}
		if v, present := xmlField(root, alt.key, alt.t); present {
			resp[alt.key] = v
		}
	}
	checkDocument(c, name, p, map[string]any{"subsonic-response": resp})
	if len(c.problems) > 0 {
		return &Error{Endpoint: name, Problems: c.problems}
	}
	return nil
}

// checkNamespace reports every element outside the Subsonic namespace.
func checkNamespace(c *checker, el *element, path string) {
	if el.name.Space != Namespace {
		c.addf(path, "element <%s> is in namespace %q, want %q", el.name.Local, el.name.Space, Namespace)
	}
	for _, child := range el.children {
		checkNamespace(c, child, path+"."+child.name.Local)
	}
}

func children(el *element, name string) []*element {
	var out []*element
	for _, c := range el.children {
		if c.name.Local == name {
			out = append(out, c)
		}
	}
	return out
}

// fromXML turns an element into the JSON value of type t; what does not
// parse as its type stays text, for the checker to report.
func fromXML(el *element, t *typ) any {
	if t.kind != kObject {
		return scalar(el.text.String(), t)
	}
	obj := map[string]any{}
	for name, v := range el.attrs {
		obj[name] = v // fields the spec does not know: kept, as in JSON
	}
	for _, f := range t.fields {
		if v, present := xmlField(el, f.name, f.t); present {
			obj[f.name] = v
		} else if f.t.kind == kArray && f.required {
			// XML cannot tell an empty list from no list.
			obj[f.name] = []any{}
		}
	}
	return obj
}

// xmlField reads the field name of type t from el: an attribute, child
// elements, or (for value) the element's text.
func xmlField(el *element, name string, t *typ) (any, bool) {
	kids := children(el, name)
	switch t.kind {
	case kArray:
		if len(kids) == 0 {
			return nil, false
		}
		items := make([]any, len(kids))
		for i, k := range kids {
			items[i] = fromXML(k, t.elem)
		}
		return items, true
	case kObject:
		switch len(kids) {
		case 0:
			return nil, false
		case 1:
			return fromXML(kids[0], t), true
		default:
			return fmt.Sprintf("%d <%s> elements", len(kids), name), true
		}
	}
	if v, ok := el.attrs[name]; ok {
		return scalar(v, t), true
	}
	if name == "value" {
		return el.text.String(), true
	}
	if len(kids) == 1 && len(kids[0].children) == 0 {
		// A text element, as the XSD has for biography or notes.
		return scalar(kids[0].text.String(), t), true
	}
	return nil, false
}

// scalar parses an attribute's text as the XSD type of t.
func scalar(s string, t *typ) any {
	switch t.kind {
	case kInteger:
		if _, err := strconv.ParseInt(s, 10, 64); err == nil {
			return json.Number(s)
		}
	case kNumber:
		if _, err := strconv.ParseFloat(s, 64); err == nil && !strings.ContainsAny(s, "nN") {
			return json.Number(s)
		}
	case kBoolean:
		switch s {
		case "true", "1":
			return true
		case "false", "0":
			return false
		}
	}
	return s
}
