// Package samples holds the built-in sample lists, embedded in the binary.
package samples

import (
	"embed"
	"fmt"
	"sort"
	"strings"
)

//go:embed *.json
var files embed.FS

// Default is the sample a bare ndcg-explorer opens.
const Default = "seed-example"

// Names lists the samples, sorted.
func Names() []string {
	entries, _ := files.ReadDir(".")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".json"))
	}
	sort.Strings(out)
	return out
}

// Read returns the JSON of the sample called name.
func Read(name string) ([]byte, error) {
	b, err := files.ReadFile(name + ".json")
	if err != nil {
		return nil, fmt.Errorf("no sample called %q: ndcg-explorer samples lists them (%s)", name, strings.Join(Names(), ", "))
	}
	return b, nil
}

// Exists reports whether there is a sample called name.
func Exists(name string) bool {
	_, err := files.ReadFile(name + ".json")
	return err == nil
}
