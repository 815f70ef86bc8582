package cli

import (
	"bufio"
	"encoding/json"
	"io"
	"math"

	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// writeTrecJSON prints the result as pytrec_eval's evaluate() returns
// it, {qid: {measure: value}}, values at full float64 precision, every
// query (as pytrec_eval, whatever -q says) and then "all", the means,
// unless -n. Queries come in trec_eval's order, measures in -m's.
func writeTrecJSON(w io.Writer, r *trec.Result, tf trecFlags) error {
	names := make([]string, len(r.Columns))
	for c, col := range r.Columns {
		names[c] = col.Name
	}
	mw := newMeasureJSON(w, names)
	for _, q := range r.Queries {
		mw.object(q.QID, q.Values)
	}
	if !tf.noSummary {
		mw.object("all", r.All)
	}
	return mw.close()
}

// measureJSON writes {qid: {measure: value}}, one query a line, values
// at full float64 precision; NaN (Rndcg's 0/0, which JSON cannot write)
// is null. trec and ltr both print this shape.
type measureJSON struct {
	bw       *bufio.Writer
	measures []string
	first    bool
}

func newMeasureJSON(w io.Writer, measures []string) *measureJSON {
	bw := bufio.NewWriter(w)
	bw.WriteString("{")
	return &measureJSON{bw: bw, measures: measures, first: true}
}

func (m *measureJSON) object(qid string, values []float64) {
	bw := m.bw
	if !m.first {
		bw.WriteString(",")
	}
	m.first = false
	bw.WriteString("\n  ")
	writeJSONString(bw, qid)
	bw.WriteString(": {")
	for c, name := range m.measures {
		if c > 0 {
			bw.WriteString(", ")
		}
		writeJSONString(bw, name)
		bw.WriteString(": ")
		if math.IsNaN(values[c]) {
			bw.WriteString("null")
			continue
		}
		v, _ := json.Marshal(values[c])
		bw.Write(v)
	}
	bw.WriteString("}")
}

func (m *measureJSON) close() error {
	m.bw.WriteString("\n}\n")
	return m.bw.Flush()
}

func writeJSONString(w *bufio.Writer, s string) {
	b, _ := json.Marshal(s)
	w.Write(b)
}
