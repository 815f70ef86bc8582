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
	bw := bufio.NewWriter(w)
	bw.WriteString("{")
	first := true
	object := func(qid string, values []float64) {
		if !first {
			bw.WriteString(",")
		}
		first = false
		bw.WriteString("\n  ")
		writeJSONString(bw, qid)
		bw.WriteString(": {")
		for c, col := range r.Columns {
			if c > 0 {
				bw.WriteString(", ")
			}
			writeJSONString(bw, col.Name)
			bw.WriteString(": ")
			if math.IsNaN(values[c]) { // Rndcg's 0/0, which JSON cannot write
				bw.WriteString("null")
				continue
			}
			v, _ := json.Marshal(values[c]) // otherwise a ratio or a mean of them
			bw.Write(v)
		}
		bw.WriteString("}")
	}
	for _, q := range r.Queries {
		object(q.QID, q.Values)
	}
	if !tf.noSummary {
		object("all", r.All)
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}

func writeJSONString(w *bufio.Writer, s string) {
	b, _ := json.Marshal(s)
	w.Write(b)
}
