package samples

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ndcg-explorer/ndcg-explorer/internal/suggest"
)

//go:embed *.json
var files embed.FS

// Default is the sample a bare ndcg-explorer opens: a tie that straddles
// the cutoff and a claim that broke it one way, so the first screen shows
// the tie band, a wrong claim and why it is wrong.
const Default = "ties-at-k"

// lessons is the order the samples are listed in: a path through them
// for a workshop. Samples not listed here come after, sorted.
var lessons = []string{
	"ties-at-k",
	"idcg-slip",
	"rounded-terms",
	"linear-vs-exp",
	"all-claims-hold",
	"sklearn-gain",
	"ranked-by-score",
	"stable-sort-tie",
	"all-tied",
	"constant-model",
	"missing-relevant",
	"zero-idcg",
	"binary-labels",
}

// aliases are the names the samples had when they were named after the
// tutorials they came from; commands written with them keep working. (An
// array, not a map: a map is built when the program starts, whatever
// the command.)
var aliases = [...]struct{ old, name string }{
	{"seed-000-exp-gain", "idcg-slip"},
	{"seed-002-linear-gain", "rounded-terms"},
	{"seed-004-movies", "all-claims-hold"},
	{"seed-000-sklearn-output", "sklearn-gain"},
	{"seed-001-notebook", "ranked-by-score"},
	{"seed-001-tie-demo", "stable-sort-tie"},
}

// Canonical is the sample's current name: name itself, or the sample an
// old name stands for.
func Canonical(name string) string {
	for _, a := range aliases {
		if a.old == name {
			return a.name
		}
	}
	return name
}

// Sample is one built-in list as the samples command lists it.
type Sample struct {
	Name string
	// Title is the sample's one-line description.
	Title string
}

// Names lists the samples in lesson order.
func Names() []string {
	entries, _ := files.ReadDir(".")
	var found, rest []string
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".json")
		found = append(found, name)
		if !slices.Contains(lessons, name) {
			rest = append(rest, name)
		}
	}
	slices.Sort(rest)
	var out []string
	for _, name := range lessons {
		if slices.Contains(found, name) {
			out = append(out, name)
		}
	}
	return append(out, rest...)
}

// List returns every sample with its title, in lesson order.
func List() []Sample {
	var out []Sample
	for _, name := range Names() {
		b, _ := files.ReadFile(name + ".json")
		out = append(out, Sample{Name: name, Title: title(b)})
	}
	return out
}

// title reads a sample file's top-level "title" and stops there, rather
// than decoding the whole file: listing the samples is the samples
// command, which should start about as fast as a program that does
// nothing. The samples write the title first, where it is read with a
// few comparisons; elsewhere a decoder finds it. A sample that does not
// parse still gets listed (with no title if the title cannot be read);
// its test fails.
func title(b []byte) string {
	r := b
	for _, want := range []string{"{", `"title"`, ":"} {
		var ok bool
		if r, ok = bytes.CutPrefix(bytes.TrimLeft(r, " \t\r\n"), []byte(want)); !ok {
			return titleAnywhere(b)
		}
	}
	r = bytes.TrimLeft(r, " \t\r\n")
	// The string ends at the first quote no backslash escapes.
	escaped := false
	for i := 1; i < len(r) && r[0] == '"'; i++ {
		switch r[i] {
		case '\\':
			escaped = true
			i++
		case '"':
			if s := r[1:i]; !escaped && plainText(s) {
				// What decoding it would give, without the decoder.
				return string(s)
			}
			var s string
			if json.Unmarshal(r[:i+1], &s) == nil {
				return s
			}
			return titleAnywhere(b)
		}
	}
	return titleAnywhere(b)
}

// plainText reports whether the bytes of a JSON string without escapes
// are its text: valid UTF-8 (the decoder replaces what is not) and no
// control characters (which the decoder refuses).
func plainText(b []byte) bool {
	for _, c := range b {
		if c < 0x20 {
			return false
		}
	}
	return utf8.Valid(b)
}

// titleAnywhere is title for a file that does not start with it.
func titleAnywhere(b []byte) string {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return ""
		}
		if key == "title" {
			var s string
			_ = dec.Decode(&s)
			return s
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return ""
		}
	}
	return ""
}

// Read returns the JSON of the sample called name (or an old name of it).
func Read(name string) ([]byte, error) {
	name = Canonical(name)
	b, err := files.ReadFile(name + ".json")
	if err != nil || strings.ContainsAny(name, "/\\") {
		return nil, notFound(name)
	}
	return b, nil
}

// Exists reports whether there is a sample called name (or an old name
// of one).
func Exists(name string) bool {
	name = Canonical(name)
	_, err := files.ReadFile(name + ".json")
	return err == nil && !strings.ContainsAny(name, "/\\")
}

// notFound says there is no sample called name: the one or two meant
// when the name is close to them (a letter dropped, two swapped), else
// every name.
func notFound(name string) error {
	if meant := suggest.Closest(name, Names()); len(meant) > 0 {
		return fmt.Errorf("no sample called %q: did you mean sample:%s? (ndcg-explorer samples lists them)", name, strings.Join(meant, " or sample:"))
	}
	return fmt.Errorf("no sample called %q: ndcg-explorer samples lists them (%s)", name, strings.Join(Names(), ", "))
}
