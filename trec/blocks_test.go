package trec

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// bigRun writes a run several blocks long (queries straddle the block
// ends) and its qrels, and builds each query's ndcg list independently
// of the readers.
func bigRun(t *testing.T) (qrels, run string, lists map[string]*ndcg.List, lines []string) {
	rng := rand.New(rand.NewPCG(6, 6))
	var qb strings.Builder
	lists = map[string]*ndcg.List{}
	for q := 0; q < 400; q++ {
		qid := fmt.Sprintf("Q%03d", q)
		l := &ndcg.List{}
		grades := map[string]float64{}
		for d := 0; d < 300; d++ {
			docno := fmt.Sprintf("doc%d", rng.IntN(5000))
			if _, dup := grades[docno]; dup {
				continue
			}
			grades[docno] = 0
			if rng.IntN(4) == 0 {
				g := float64(rng.IntN(4))
				grades[docno] = g
				fmt.Fprintf(&qb, "%s 0 %s %d\n", qid, docno, int(g))
			}
			score := float64(rng.IntN(50)) / 10
			l.Items = append(l.Items, ndcg.Item{ID: docno, Grade: grades[docno], Score: score, HasScore: true})
			lines = append(lines, fmt.Sprintf("%s Q0 %s %d %g tag", qid, docno, d+1, score))
		}
		for m := 0; m < 3; m++ {
			g := float64(1 + rng.IntN(3))
			docno := fmt.Sprintf("missed%d", m)
			fmt.Fprintf(&qb, "%s 0 %s %d\n", qid, docno, int(g))
			l.Pool = append(l.Pool, ndcg.Judged{ID: docno, Grade: g})
		}
		lists[qid] = l
	}
	run = strings.Join(lines, "\n") + "\n"
	require.Greater(t, len(run), 3*blockSize)
	return qb.String(), run, lists, lines
}

func TestRunAcrossBlocks(t *testing.T) {
	qrelsText, run, lists, lines := bigRun(t)
	q, err := ParseQrels("q", []byte(qrelsText))
	require.NoError(t, err)
	m := Measures{NDCG: true, Cutoffs: []int{5, 20}}
	res, err := Evaluate(q, stringSource("r", run), Options{Measures: m, Ties: true})
	require.NoError(t, err)
	require.Len(t, res.Queries, len(lists))
	require.Zero(t, res.SplitQueries)
	for _, qr := range res.Queries {
		for c, col := range res.Columns {
			s := trecPreset(t)
			s.K = col.K
			r, err := ndcg.Compute(lists[qr.QID], s)
			require.NoError(t, err)
			require.InDelta(t, r.NDCGAt(ndcg.Docno, col.K), qr.Values[c], 1e-12, "%s %s", qr.QID, col.Name)
			band := r.NDCGBand(col.K)
			require.InDelta(t, band.Best, qr.Bands[c].Best, 1e-12)
			require.InDelta(t, band.Worst, qr.Bands[c].Worst, 1e-12)
		}
	}

	// Lines of every tenth query moved to the end: the same result.
	var head, tail []string
	for i, l := range lines {
		if strings.HasSuffix(strings.Fields(l)[0], "0") && i%2 == 0 {
			tail = append(tail, l)
		} else {
			head = append(head, l)
		}
	}
	split, err := Evaluate(q, stringSource("r", strings.Join(append(head, tail...), "\n")), Options{Measures: m, Ties: true})
	require.NoError(t, err)
	assert.Equal(t, 40, split.SplitQueries)
	assert.Equal(t, res.Queries, split.Queries)
	assert.Equal(t, res.All, split.All)

	// Every line in random order: every query's lines are held until the
	// end of the run, and the result is the same.
	shuffled := append([]string(nil), lines...)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	held, err := Evaluate(q, stringSource("r", strings.Join(shuffled, "\n")), Options{Measures: m, Ties: true})
	require.NoError(t, err)
	assert.Equal(t, len(lists), held.SplitQueries)
	assert.Equal(t, res.Queries, held.Queries)
	assert.Equal(t, res.All, held.All)
	// The same when the lines held reach passMemory: the queries left
	// are read again.
	defer func(m int) { passMemory = m }(passMemory)
	passMemory = 200 << 10
	scattered, err := Evaluate(q, stringSource("r", strings.Join(shuffled, "\n")), Options{Measures: m, Ties: true})
	require.NoError(t, err)
	assert.Equal(t, len(lists), scattered.SplitQueries)
	assert.Equal(t, res.Queries, scattered.Queries)
	assert.Equal(t, res.All, scattered.All)

	// An error on the last line names it, however many blocks came before.
	_, err = Evaluate(q, stringSource("r", run+"Q001 Q0 x 1\n"), Options{Measures: m})
	assert.EqualError(t, err, fmt.Sprintf(`r:%d: 4 fields; run lines are "qid Q0 docno rank score tag" (6 fields)`, len(lines)+1))
	// The earliest of several problems is reported.
	bad := strings.Replace(run, lines[len(lines)/2], "Q200 Q0 a 1 x tag", 1)
	_, err = Evaluate(q, stringSource("r", bad+"Q001 Q0 x 1\n"), Options{Measures: m})
	assert.EqualError(t, err, fmt.Sprintf(`r:%d: score "x" is not a finite number; run lines are "qid Q0 docno rank score tag"`, len(lines)/2+1))
}
