package listio

import (
	"os"
	"path/filepath"
	"strings"
)

// Stem is the name that files made from the document start with (a
// saved copy, a screenshot) and the directory they go in: a file's own
// directory and name without its extension ("runs/bm25.txt" gives
// "runs", "bm25"), with the query for one query of a file of many
// ("bm25-query-301"), a sample's name, and "list" in the current
// directory for standard input or grades on the command line. A query
// id is kept to the characters a file name takes everywhere.
func (d *Document) Stem() (dir, stem string) {
	name := d.Name
	if d.Query != "" {
		name = strings.TrimSuffix(name, " query "+d.Query)
	}
	dir = "."
	switch {
	case name == "" || name == "-" || name == "inline":
		stem = "list"
	case strings.HasPrefix(name, "sample:"):
		stem = strings.TrimPrefix(name, "sample:")
	default:
		if _, err := os.Stat(name); err == nil {
			dir = filepath.Dir(name)
		}
		stem = filepath.Base(name)
		stem = strings.TrimSuffix(stem, filepath.Ext(stem))
	}
	if d.Query != "" {
		stem += "-query-" + fileWord(d.Query)
	}
	return dir, stem
}

// fileWord is s with every character but ASCII letters, digits, '.', '_'
// and '-' replaced by '_', and no leading '.' (a hidden file).
func fileWord(s string) string {
	var b strings.Builder
	for i, c := range s {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_', c == '-', c == '.' && i > 0:
			b.WriteRune(c)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
