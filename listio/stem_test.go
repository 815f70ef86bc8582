package listio

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStem(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "bm25.run.txt")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	for _, c := range []struct {
		doc       Document
		dir, stem string
	}{
		{Document{Name: file}, dir, "bm25.run"},
		{Document{Name: "missing/new.json"}, ".", "new"},
		{Document{Name: "sample:ties-at-k"}, ".", "ties-at-k"},
		{Document{Name: "-"}, ".", "list"},
		{Document{Name: "inline"}, ".", "list"},
		{Document{}, ".", "list"},
		{Document{Name: file + " query 301", Query: "301"}, dir, "bm25.run-query-301"},
		{Document{Name: "t.csv query .. /x é", Query: ".. /x é"}, ".", "t-query-_.__x__"},
	} {
		d, s := c.doc.Stem()
		assert.Equal(t, c.dir, d, c.doc.Name)
		assert.Equal(t, c.stem, s, c.doc.Name)
	}
}
