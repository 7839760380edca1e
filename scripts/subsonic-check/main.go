// Command subsonic-check checks answers a real Subsonic client recorded
// against the OpenSubsonic schema: web/e2e-subsonic writes each answer to a
// folder as <n>-<endpoint>.json (or .xml, for f=xml), and
// scripts/subsonic-node-test.sh then runs this on that folder. It exits 1
// when any answer breaks the spec.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/musicify/musicify/internal/subsonic/subsonictest"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: subsonic-check DIR")
		os.Exit(2)
	}
	files, err := filepath.Glob(filepath.Join(os.Args[1], "*.json"))
	xmlFiles, _ := filepath.Glob(filepath.Join(os.Args[1], "*.xml"))
	files = append(files, xmlFiles...)
	if err != nil || len(files) == 0 {
		fmt.Fprintf(os.Stderr, "no recorded answers (*.json, *.xml) in %s\n", os.Args[1])
		os.Exit(1)
	}
	bad := 0
	for _, file := range files {
		ext := filepath.Ext(file)
		_, endpoint, found := strings.Cut(strings.TrimSuffix(filepath.Base(file), ext), "-")
		body, err := os.ReadFile(file)
		switch {
		case !found:
			err = fmt.Errorf("name is not <n>-<endpoint>%s", ext)
		case err == nil && ext == ".xml":
			err = subsonictest.CheckXMLResponse(endpoint, body)
		case err == nil:
			err = subsonictest.CheckResponse(endpoint, body)
		}
		if err != nil {
			fmt.Printf("%s: %v\n", file, err)
			bad++
		}
	}
	fmt.Printf("checked %d recorded answers, %d break the OpenSubsonic spec\n", len(files), bad)
	if bad > 0 {
		os.Exit(1)
	}
}
