package trec

import (
	"bufio"
	"io"
)

// WriteQueries prints each query's values in trec_eval's layout without
// the means: trec_eval -q -n.
func WriteQueries(w io.Writer, r *Result) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var buf []byte
	for _, q := range r.Queries {
		buf = buf[:0]
		for c, col := range r.Columns {
			buf = appendLine(buf, col.Name, q.QID, q.Values[c])
		}
		bw.Write(buf)
	}
	return bw.Flush()
}
