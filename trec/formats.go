package trec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/textin"
)

// Format is a qrels or run file format. Every format but TREC's own is
// read into rows (see Table) and turned into TREC lines, one per line of
// the file, so that what trec_eval's rules say about a TREC file holds
// for the same data in any format, and errors keep their line numbers.
type Format string

// The formats --qrels-format and --run-format take.
const (
	// FormatTREC is "qid iter docno rel" (qrels) or "qid Q0 docno rank
	// score tag" (run).
	FormatTREC Format = "trec"
	// FormatBEIR is BEIR's qrels: TSV with the header "query-id
	// corpus-id score", the score being the relevance.
	FormatBEIR Format = "beir"
	// FormatMSMARCO is MS MARCO's run: "qid pid rank", tab-separated.
	// It has no score: a document's score is −rank, so rank 1 comes
	// first and equal ranks tie.
	FormatMSMARCO Format = "msmarco"
	// FormatJSON is the dict JSON of ranx, ir_measures and pytrec_eval:
	// {"q1": {"d1": 3}} for qrels, {"q1": {"d1": 0.9}} for a run.
	FormatJSON Format = "json"
	// FormatJSONL is one JSON object a line, with a query id, a document
	// id and a label or score (see the column names of Table).
	FormatJSONL Format = "jsonl"
	// FormatCSV and FormatTSV are tables with a header line, one row per
	// query and document.
	FormatCSV Format = "csv"
	FormatTSV Format = "tsv"
	// FormatLETOR is libsvm/LETOR learning-to-rank data ("2 qid:1
	// 1:0.5"): DetectFormat names it so that the readers can point to
	// ltr, which reads it; it is neither qrels nor a run.
	FormatLETOR Format = "letor"
)

// QrelsFormats and RunFormats list the formats each side accepts.
var (
	QrelsFormats = []Format{FormatTREC, FormatBEIR, FormatJSON, FormatJSONL, FormatCSV, FormatTSV}
	RunFormats   = []Format{FormatTREC, FormatMSMARCO, FormatJSON, FormatJSONL, FormatCSV, FormatTSV}
)

func formatNames(fs []Format) string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

// ParseFormat reads a --qrels-format or --run-format value (flag names
// it in errors); empty means detect. run says which side it is for.
func ParseFormat(flag, s string, run bool) (Format, error) {
	allowed := QrelsFormats
	if run {
		allowed = RunFormats
	}
	f := Format(strings.ToLower(strings.TrimSpace(s)))
	switch f {
	case "":
		return "", nil
	case "beir-qrels":
		f = FormatBEIR
	case "ms-marco", "marco":
		f = FormatMSMARCO
	case "dict", "ranx", "ir_measures", "pytrec_eval":
		f = FormatJSON
	case "ndjson":
		f = FormatJSONL
	}
	if !slices.Contains(allowed, f) {
		return "", fmt.Errorf("%s %q: use one of %s (or leave it out to detect the format)", flag, s, formatNames(allowed))
	}
	return f, nil
}

// DetectFormat tells the format of a qrels or run file from its first
// lines: JSON dict or JSON lines by their first character and first
// line; a table by a header naming a query id column (BEIR by its
// query-id and corpus-id); otherwise by the number of fields of the
// first line: 3 for MS MARCO's run, else TREC.
func DetectFormat(data []byte) Format {
	body := bytes.TrimLeft(textin.StripBOM(data), " \t\r\n")
	// The first line that holds data: TREC files may open with '#'
	// comments, which say nothing of the format.
	rest := body
	var first []byte
	for len(rest) > 0 {
		first, rest, _ = bytes.Cut(rest, []byte("\n"))
		first = bytes.TrimRight(first, "\r")
		if blank, comment := blankOrComment(first); !blank && !comment {
			break
		}
		first = nil
	}
	if opensDict(body) {
		return FormatJSON
	}
	if len(body) > 0 && body[0] == '{' {
		var obj map[string]json.RawMessage
		// A long first line may be a whole document written on one line,
		// not worth decoding twice: 		// mayBeJSONRow tells that from its top-level keys without
		// decoding it, whatever its length.
		if mayBeJSONRow(first) && json.Unmarshal(first, &obj) == nil {
			// A row: a query id and a document id, label or score,
			// each a string or a number (not a list's "items").
			roles := map[columnRole]bool{}
			for k, v := range obj {
				if len(v) > 0 && v[0] != '{' && v[0] != '[' {
					roles[roleOf(k)] = true
				}
			}
			if roles[roleQID] && (roles[roleDocID] || roles[roleLabel] || roles[roleScore]) {
				return FormatJSONL
			}
		}
		return FormatJSON
	}
	if len(body) > 0 && body[0] == '[' {
		return FormatJSON // refused by the reader, with what to give
	}
	sep := byte(0)
	switch {
	case bytes.IndexByte(first, '\t') >= 0:
		sep = '\t'
	case bytes.IndexByte(first, ',') >= 0:
		sep = ','
	}
	if sep != 0 {
		cells := strings.Split(string(first), string(sep))
		hasQID, beir := false, 0
		for _, c := range cells {
			n := normalizeColumn(c)
			if roleOf(c) == roleQID {
				hasQID = true
			}
			if n == "query_id" || n == "corpus_id" {
				beir++
			}
		}
		switch {
		case beir == 2 && sep == '\t' && len(cells) == 3:
			return FormatBEIR
		case hasQID && sep == '\t':
			return FormatTSV
		case hasQID:
			return FormatCSV
		}
	}
	fields := bytes.Fields(first)
	if len(fields) >= 2 && bytes.HasPrefix(fields[1], []byte("qid:")) {
		return FormatLETOR
	}
	if len(fields) == 3 {
		return FormatMSMARCO
	}
	return FormatTREC
}

// ReadQrelsAs reads the qrels file at path in format f ("": detect).
func ReadQrelsAs(path string, f Format) (*Qrels, error) {
	data, err := readText(path, "qrels")
	if err != nil {
		return nil, err
	}
	return ParseQrelsAs(path, data, f)
}

// readText reads a file as the qrels reader does: text only (checkText),
// at most 4 GB.
func readText(path, what string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", what, err)
	}
	defer fh.Close()
	size := 0
	st, err := fh.Stat()
	if err == nil && st.Mode().IsRegular() {
		size = int(min(st.Size(), math.MaxUint32))
	}
	data, err := readTextSized(path, what, fh, size)
	if err == nil && size > 0 {
		// Written to while read: what was read may hold the start of one
		// version and the end of another.
		if now, serr := fh.Stat(); serr == nil && (now.Size() != st.Size() || !now.ModTime().Equal(st.ModTime())) {
			return nil, fmt.Errorf("%s: the file changed while it was read: something is writing to it; read it again once that is done", path)
		}
	}
	return data, err
}

// ParseQrelsAs reads qrels in format f ("": detect).
func ParseQrelsAs(name string, data []byte, f Format) (*Qrels, error) {
	if f == "" {
		f = DetectFormat(data)
	}
	if f == FormatTREC {
		return ParseQrels(name, data)
	}
	if f == FormatMSMARCO {
		return nil, fmt.Errorf("%s: this looks like an MS MARCO run (qid pid rank), not qrels: give it as the run, or --qrels-format to say what it is", name)
	}
	if f == FormatLETOR {
		return nil, errLETOR(name)
	}
	if f == FormatJSON {
		text, err := io.ReadAll(newDictText(name, bytes.NewReader(textin.StripBOM(data)), true))
		if err != nil {
			return nil, err
		}
		return ParseQrels(name, text)
	}
	t, err := ParseTable(name, data, f)
	if err != nil {
		return nil, err
	}
	text, err := t.QrelsText()
	if err != nil {
		return nil, err
	}
	return ParseQrels(name, text)
}

// RunSourceAs opens the run at path in format f ("": detect). A TREC
// run or dict JSON in a file is streamed (dict JSON made into TREC
// lines as it is read); any other format, and a run that can be read
// only once (a pipe, a FIFO, /dev/stdin), is read whole and held in
// memory: the format is told from its head and the rest read on from
// there, where opening it again would find it empty or wait for a
// writer that is gone.
func RunSourceAs(path string, f Format) (Source, error) {
	fh, err := os.Open(path)
	if err != nil {
		return Source{}, fmt.Errorf("reading run: %w", err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return Source{}, fmt.Errorf("reading run: %w", err)
	}
	if !st.Mode().IsRegular() {
		data, err := ReadText(path, "run", fh)
		if err != nil {
			return Source{}, err
		}
		return RunSourceFrom(path, data, f)
	}
	if f == "" {
		head, err := ReadHead(fh)
		if err != nil {
			return Source{}, fmt.Errorf("reading run: %w", err)
		}
		f = DetectFormat(head)
	}
	switch f {
	case FormatTREC:
		return FileSource(path), nil
	case FormatJSON:
		// Streamed, as a TREC run is: read again for each pass.
		open := func(qid *string) (io.ReadCloser, error) {
			fh, err := os.Open(path)
			if err != nil {
				return nil, err
			}
			r, err := checkText(path, fh)
			if err != nil {
				fh.Close()
				return nil, err
			}
			t := newDictText(path, r, false)
			t.only = qid
			return readCloser{t, fh}, nil
		}
		return Source{Name: path, Open: func() (io.ReadCloser, error) { return open(nil) },
			openQuery: func(qid string) (io.ReadCloser, error) { return open(&qid) }}, nil
	}
	if _, err := fh.Seek(0, io.SeekStart); err != nil {
		return Source{}, fmt.Errorf("reading run: %w", err)
	}
	data, err := readTextSized(path, "run", fh, int(min(st.Size(), math.MaxUint32)))
	if err != nil {
		return Source{}, err
	}
	return RunSourceFrom(path, data, f)
}

// readCloser reads from one reader and closes another.
type readCloser struct {
	io.Reader
	io.Closer
}

// Rereadable reports whether path names a file that can be read again
// (a regular file), not a pipe, a FIFO or a terminal, which give their
// bytes once.
func Rereadable(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// RunSourceFrom is a run in format f held in data.
func RunSourceFrom(name string, data []byte, f Format) (Source, error) {
	if f == "" {
		f = DetectFormat(data)
	}
	text := data
	if f == FormatJSON {
		open := func(qid *string) (io.ReadCloser, error) {
			t := newDictText(name, bytes.NewReader(textin.StripBOM(data)), false)
			t.only = qid
			return io.NopCloser(t), nil
		}
		return Source{Name: name, Open: func() (io.ReadCloser, error) { return open(nil) },
			openQuery: func(qid string) (io.ReadCloser, error) { return open(&qid) }}, nil
	}
	if f != FormatTREC {
		if f == FormatBEIR {
			return Source{}, fmt.Errorf("%s: this is BEIR qrels (query-id corpus-id score), not a run: give it as the qrels", name)
		}
		if f == FormatLETOR {
			return Source{}, errLETOR(name)
		}
		t, err := ParseTable(name, data, f)
		if err != nil {
			return Source{}, err
		}
		if text, err = t.RunText(); err != nil {
			return Source{}, err
		}
	}
	return Source{Name: name, Open: func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(text)), nil
	}}, nil
}

func errLETOR(name string) error {
	return fmt.Errorf("%s: this is libsvm/LETOR learning-to-rank data (LABEL qid:QID …), not qrels or a run: read it with its predictions, ndcg-explorer ltr DATA PREDICTIONS (or --ltr DATA --predictions P)", name)
}
