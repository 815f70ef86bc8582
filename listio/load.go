package listio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/samples"
	"github.com/ndcg-explorer/ndcg-explorer/trec"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// DefaultSample is the sample a bare ndcg-explorer opens.
const DefaultSample = samples.Default

// SamplePrefix names a built-in sample: sample:NAME.
const SamplePrefix = "sample:"

// Load reads the list at name: a path, "-" for in, or "sample:NAME".
// format forces a reader (json, csv or tsv); empty means to tell from the
// content and the file's extension (see DetectFormat). It opens the list
// for the explorer, which may save it: a save of the file that was
// killed may have left its temporary file beside the file (or beside the
// file a link names), and Load clears it (RemoveStaleTemps). A command
// that only reads the list uses LoadReadOnly.
func Load(name string, in io.Reader, format string) (*Document, error) {
	doc, err := LoadReadOnly(name, in, format)
	if err == nil && name != "-" && !strings.HasPrefix(name, SamplePrefix) {
		if target, err := resolveLinks(name); err == nil {
			RemoveStaleTemps(target)
		}
	}
	return doc, err
}

// LoadReadOnly reads the list at name as Load does, for a command that
// never writes it (report, check): it leaves the file's directory alone,
// since listing it for stale temporary files is work for what saves.
func LoadReadOnly(name string, in io.Reader, format string) (*Document, error) {
	f, err := ParseFormat(format)
	if err != nil {
		return nil, &Error{Name: name, Field: "--input-format", Msg: err.Error()}
	}
	// The file's time is taken before its bytes are read: a change in
	// between makes the stamp older than the file, never newer.
	fi, statErr := os.Stat(name)
	data, err := readSource(name, in)
	if err != nil {
		return nil, err
	}
	doc, err := Read(name, data, f)
	if err != nil {
		return nil, err
	}
	if name != "-" && !strings.HasPrefix(name, SamplePrefix) && statErr == nil && fi.Mode().IsRegular() {
		doc.Disk = stampOf(fi, data)
	}
	// The document found by Read keeps data to locate later errors; a
	// file or a sample is read again instead, so that the bytes can go.
	// Standard input, a pipe or a FIFO cannot be read again (a FIFO
	// would wait for a writer that is gone): their later errors name
	// the item instead of a line.
	doc.pos.find = nil
	if name != "-" && (strings.HasPrefix(name, SamplePrefix) || trec.Rereadable(name)) {
		if f == "" {
			f = DetectFormat(name, data)
		}
		doc.pos.find = func() *positions {
			data, err := readSource(name, nil)
			if err != nil {
				return nil
			}
			return recordPositions(name, data, f)
		}
	}
	return doc, nil
}

// NewDocument is an empty list for a file that does not exist yet, which
// a save will create: name must be a .json path in a directory that
// exists, since saving writes JSON there.
func NewDocument(name string) (*Document, error) {
	if !strings.EqualFold(filepath.Ext(name), ".json") {
		return nil, &Error{Name: name, Msg: "no such file; to start a new list, name a .json file (the explorer saves JSON)"}
	}
	if fi, err := os.Stat(filepath.Dir(name)); err != nil || !fi.IsDir() {
		return nil, &Error{Name: name, Msg: fmt.Sprintf("no such file, and no directory %s to create it in", filepath.Dir(name))}
	}
	return &Document{Name: name, List: &ndcg.List{}, New: true, pos: &positions{}}, nil
}

// Read parses data in format f, or in the format DetectFormat finds when
// f is empty.
func Read(name string, data []byte, f Format) (*Document, error) {
	switch trec.DetectFormat(data) {
	case trec.FormatCSV, trec.FormatTSV, trec.FormatJSONL:
		return nil, multiQueryError(name, data)
	case trec.FormatLETOR:
		if f == "" {
			return nil, letorError(name)
		}
	}
	if f == "" {
		f = DetectFormat(name, data)
	}
	switch f {
	case FormatCSV:
		return ReadCSV(name, data)
	case FormatTSV:
		return ReadTSV(name, data)
	}
	return ReadJSON(name, data)
}

func readSource(name string, in io.Reader) ([]byte, error) {
	switch {
	case strings.HasPrefix(name, SamplePrefix):
		data, err := samples.Read(strings.TrimSuffix(strings.TrimPrefix(name, SamplePrefix), ".json"))
		if err != nil {
			return nil, &Error{Name: name, Msg: err.Error()}
		}
		return data, nil
	case name == "-":
		if in == nil {
			return nil, &Error{Name: name, Msg: "no standard input to read"}
		}
		data, err := readLimited(name, in, -1)
		var le *Error
		if errors.As(err, &le) {
			return nil, err
		}
		if err != nil {
			return nil, &Error{Name: name, Msg: "cannot read standard input: " + err.Error()}
		}
		return data, nil
	}
	data, err := openLimited(name)
	var le *Error
	if errors.As(err, &le) {
		return nil, err
	}
	if err != nil {
		msg := err.Error()
		var pe *fs.PathError
		if errors.As(err, &pe) {
			msg = pe.Err.Error()
		}
		hint := ""
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if samples.Exists(name) {
				hint = fmt.Sprintf("; for the built-in sample, write %s%s", SamplePrefix, name)
			} else {
				hint = "; check the path (- reads standard input, sample:NAME a built-in sample)"
			}
		case strings.Contains(msg, "is a directory"):
			hint = "; name a list file inside it"
		}
		return nil, &Error{Name: name, Msg: "cannot read the file: " + msg + hint}
	}
	return data, nil
}

// Inline builds a document from --grades and --scores values.
func Inline(grades, scores string) (*Document, error) {
	g, err := parseInline("--grades", grades)
	if err != nil {
		return nil, err
	}
	var s []float64
	if scores != "" {
		if s, err = parseInline("--scores", scores); err != nil {
			return nil, err
		}
	}
	list, err := ndcg.FromGrades(g, s)
	if err != nil {
		return nil, &Error{Name: "--scores", Msg: err.Error()}
	}
	doc := &Document{Name: "inline", List: list, pos: &positions{style: inlineStyle}}
	for _, it := range list.Items {
		doc.pos.items = append(doc.pos.items, itemPos{item: it.ID})
	}
	if err := doc.checkShape(); err != nil {
		return nil, err
	}
	return doc, nil
}

// parseInline reads a comma-separated list of numbers; flag names it in errors.
func parseInline(flag, s string) ([]float64, error) {
	parts := strings.Split(s, ",")
	out := make([]float64, len(parts))
	for i, p := range parts {
		v, err := parseNumber(p)
		if err != nil {
			msg := fmt.Sprintf("%s is not a number; give numbers separated by commas, as in 3,2,3,0,1", termsafe.Quote(strings.TrimSpace(p)))
			if strings.TrimSpace(p) == "" {
				msg = "empty; give numbers separated by commas, as in 3,2,3,0,1"
			}
			return nil, &Error{Name: flag, Field: fmt.Sprintf("value %d", i+1), Msg: msg}
		}
		out[i] = v
	}
	return out, nil
}
