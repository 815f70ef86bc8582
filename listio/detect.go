package listio

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Format is a list file format.
type Format string

// The formats Load reads.
const (
	FormatJSON Format = "json"
	FormatCSV  Format = "csv"
	FormatTSV  Format = "tsv"
)

// ParseFormat reads an --input-format value; empty means detect.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case "", FormatJSON, FormatCSV, FormatTSV:
		return f, nil
	case "trec", "qrels", "run":
		return "", fmt.Errorf("a TREC query is read with --qrels FILE --run FILE --query QID, not as one file")
	}
	return "", fmt.Errorf("unknown input format %s: use json, csv or tsv", termsafe.Quote(s))
}

// DetectFormat tells the format of data named name. Content that opens
// with { or [ is JSON whatever the name; otherwise the extension decides
// (.json, .csv, .tsv or .tab); otherwise a tab in the first line means
// TSV, and anything else is read as CSV.
func DetectFormat(name string, data []byte) Format {
	body := bytes.TrimLeft(stripBOM(data), " \t\r\n")
	if len(body) > 0 && (body[0] == '{' || body[0] == '[') {
		return FormatJSON
	}
	if !strings.HasPrefix(name, SamplePrefix) {
		switch strings.ToLower(filepath.Ext(name)) {
		case ".json":
			return FormatJSON
		case ".csv":
			return FormatCSV
		case ".tsv", ".tab":
			return FormatTSV
		}
	}
	first, _, _ := bytes.Cut(body, []byte("\n"))
	if bytes.IndexByte(first, '\t') >= 0 {
		return FormatTSV
	}
	return FormatCSV
}
