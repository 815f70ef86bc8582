package trec

// Limits are trec_eval's -M and -J: they cut each query's ranking before
// it is scored, as trec_eval's form_res_rels does.
type Limits struct {
	// LimitDocs keeps only each query's first MaxDocs documents in
	// trec_eval's order (-M N; -M 0 keeps none).
	LimitDocs bool
	MaxDocs   int
	// JudgedOnly then drops the documents the qrels do not judge (-J):
	// those absent from them or with a negative rel. The rest close up,
	// keeping their order.
	JudgedOnly bool
}

// cut applies the limits to e.ranked, in trec_eval's order (-M first,
// then -J), and recounts what res says of the retrieved documents.
func (l Limits) cut(e *evaluator, j *Judgments, res *QueryResult) {
	if !l.LimitDocs && !l.JudgedOnly {
		return
	}
	if l.LimitDocs && len(e.ranked) > max(l.MaxDocs, 0) {
		e.ranked = e.ranked[:max(l.MaxDocs, 0)]
	}
	if l.JudgedOnly {
		kept := e.ranked[:0]
		for _, r := range e.ranked {
			if j == nil {
				continue
			}
			if i := j.index.find(j, r.docno, hashDoc(r.docno)); i >= 0 && j.docs[i].rel >= 0 {
				kept = append(kept, r)
			}
		}
		e.ranked = kept
	}
	res.Retrieved, res.RelevantRetrieved = len(e.ranked), 0
	for _, r := range e.ranked {
		if r.gain > 0 {
			res.RelevantRetrieved++
		}
	}
}
