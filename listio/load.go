package listio

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"ndcg-explorer/ndcg"
	"ndcg-explorer/samples"
)

// DefaultSample is the sample a bare ndcg-explorer opens.
const DefaultSample = samples.Default

// Load reads the list at name: a path, "-" for in, or "sample:NAME".
// format forces a reader ("json"); empty means JSON.
func Load(name string, in io.Reader, format string) (*Document, error) {
	var data []byte
	var err error
	switch {
	case strings.HasPrefix(name, "sample:"):
		data, err = samples.Read(strings.TrimPrefix(name, "sample:"))
	case name == "-":
		data, err = io.ReadAll(in)
	default:
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, err
	}
	switch strings.ToLower(format) {
	case "", "json":
		return ReadJSON(name, data)
	}
	return nil, fmt.Errorf("%s: unknown input format %q: use json", name, format)
}

// Inline builds a document from --grades and --scores values.
func Inline(grades, scores string) (*Document, error) {
	g, err := parseFloats("--grades", grades)
	if err != nil {
		return nil, err
	}
	var s []float64
	if scores != "" {
		if s, err = parseFloats("--scores", scores); err != nil {
			return nil, err
		}
	}
	list, err := ndcg.FromGrades(g, s)
	if err != nil {
		return nil, err
	}
	if err := validateShape(list); err != nil {
		return nil, fmt.Errorf("--grades/--scores: %w", err)
	}
	return &Document{Name: "inline", List: list}, nil
}

// parseFloats reads a comma-separated list of numbers; what names it in errors.
func parseFloats(what, s string) ([]float64, error) {
	parts := strings.Split(s, ",")
	out := make([]float64, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, fmt.Errorf("%s: value %d, %q, is not a number", what, i+1, strings.TrimSpace(p))
		}
		out[i] = v
	}
	return out, nil
}
