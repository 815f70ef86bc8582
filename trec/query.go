package trec

import (
	"fmt"
	"io"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// AtCutoff is the one measure a query browser lists: ndcg_cut.k, or
// trec_eval's ndcg (the whole ranking) for k = 0.
func AtCutoff(k int) Measures {
	if k > 0 {
		return Measures{Cutoffs: []int{k}}
	}
	return Measures{NDCG: true}
}

// Preset is the preset a TREC query opens with: trec_eval's
// conventions, so the explorer shows the numbers trec_eval prints.
const Preset = "trec_eval"

// Settings are trec_eval's conventions at cutoff k, the settings under
// which the explorer shows the value the query browser lists.
func Settings(k int) ndcg.Settings {
	p, err := ndcg.FindPreset(Preset)
	if err != nil {
		panic(err) // the preset table is compiled in
	}
	s := p.Apply(ndcg.DefaultSettings())
	s.K = k
	return s
}

// BrowseAs reads a qrels and run pair, in formats qf and rf ("": told
// from the content), and evaluates what the query browser lists: NDCG at
// cutoff k as trec_eval computes it, with the range tie order allows.
func BrowseAs(qrels string, qf Format, run string, rf Format, k int) (*Result, error) {
	return BrowseProgress(qrels, qf, run, rf, k, nil)
}

// BrowseProgress is BrowseAs telling progress (when not nil) how many
// lines of the run have been read, as Options.Progress does.
func BrowseProgress(qrels string, qf Format, run string, rf Format, k int, progress func(pass int, lines int64)) (*Result, error) {
	q, err := ReadQrelsAs(qrels, qf)
	if err != nil {
		return nil, err
	}
	src, err := RunSourceAs(run, rf)
	if err != nil {
		return nil, err
	}
	return Evaluate(q, src, Options{Measures: AtCutoff(k), Ties: true, Progress: progress})
}

// Retrieved is one run line of a query.
type Retrieved struct {
	Docno string
	Score float64
	Line  int
}

// readQuery returns the run's lines for qid, in file order, wherever
// they are in the run, and whether the run has any.
func readQuery(run Source, qid string) ([]Retrieved, bool, error) {
	open := run.Open
	if run.openQuery != nil {
		open = func() (io.ReadCloser, error) { return run.openQuery(qid) }
	}
	r, err := open()
	if err != nil {
		return nil, false, fmt.Errorf("reading run: %w", err)
	}
	defer r.Close()
	var docs []Retrieved
	seen := map[string]int{}
	found := false
	want := func(id []byte) (int, bool) { return 0, string(id) == qid }
	err = scanRun(run.Name, r, scanOptions{want: want, merge: true, emit: func(b *batch) error {
		found = true
		for _, e := range b.entries {
			d := b.docno(e)
			if first, dup := seen[d]; dup {
				return &LineError{File: run.Name, Line: int(e.line),
					Msg: fmt.Sprintf("document %s is retrieved twice for query %s (first on line %d); keep one line", termsafe.Quote(d), termsafe.Quote(qid), first)}
			}
			d = string([]byte(d))
			seen[d] = int(e.line)
			docs = append(docs, Retrieved{Docno: d, Score: e.score, Line: int(e.line)})
		}
		return nil
	}})
	return docs, found, err
}

// List builds the ndcg list of one query as trec_eval sees it: the
// retrieved documents as items (score from the run, grade the rel value,
// 0 when unjudged or negative), and the judged documents the run missed
// as the pool (negative rels left out: they are unjudged). j may be nil
// for a query without judgments. Use it with the trec_eval preset.
func List(j *Judgments, docs []Retrieved) *ndcg.List {
	l := &ndcg.List{Items: make([]ndcg.Item, len(docs))}
	var retrieved map[string]bool
	if j != nil {
		retrieved = make(map[string]bool, len(docs))
	}
	for i, d := range docs {
		grade := 0.0
		if j != nil {
			if jd, ok := j.Lookup(d.Docno); ok && jd.Rel > 0 {
				grade = float64(jd.Rel)
			}
			retrieved[d.Docno] = true
		}
		l.Items[i] = ndcg.Item{ID: d.Docno, Grade: grade, Score: d.Score, HasScore: true}
	}
	if j != nil {
		for i := range j.Len() {
			jd := j.Doc(i)
			if jd.Rel >= 0 && !retrieved[jd.Docno] {
				l.Pool = append(l.Pool, ndcg.Judged{ID: jd.Docno, Grade: float64(jd.Rel)})
			}
		}
	}
	return l
}

// QueryList reads one query of a qrels and run pair as an ndcg list (see
// List). A query id missing from both is an error; one missing from the
// run alone gives an empty list with its judgments as the pool.
func QueryList(q *Qrels, run Source, qid string) (*ndcg.List, error) {
	j := q.Query(qid)
	docs, found, err := readQuery(run, qid)
	if err != nil {
		return nil, err
	}
	if !found && j == nil {
		return nil, fmt.Errorf("query %s is in neither %s nor %s", termsafe.Quote(qid), q.Name, run.Name)
	}
	return List(j, docs), nil
}
