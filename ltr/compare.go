package ltr

import (
	"fmt"
	"math"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Disagreement is a query that two rule sets score differently at one
// cutoff, or that the second refuses.
type Disagreement struct {
	QID    string
	K      int
	A, B   string
	ValueA float64
	ValueB float64
	// Because names each setting whose change alone moves the value,
	// as "gain exp → linear".
	Because []string
	// Refused is why B cannot evaluate the query (then K is 0 and the
	// values are unset).
	Refused error
}

// disagreeEpsilon is the difference below which two values agree: the
// rounding of sums taken in another order.
const disagreeEpsilon = 1e-12

// Disagreements lists, query by query and cutoff by cutoff, where each
// rule set of others scores ds differently from a, and which convention
// makes them differ.
func Disagreements(ds *DataSet, a Rules, others []Rules, ks []int) ([]Disagreement, error) {
	ks = a.Cutoffs(ks)
	var out []Disagreement
	for qi := range ds.Queries {
		q := &ds.Queries[qi]
		la, err := a.List(ds.Name, q)
		if err != nil {
			return nil, err
		}
		for _, b := range others {
			if b.Name == a.Name {
				continue
			}
			lb, err := b.List(ds.Name, q)
			if err == nil {
				err = b.Refusal(ds.Name, q)
			}
			if err != nil {
				out = append(out, Disagreement{QID: q.QID, A: a.Name, B: b.Name, Refused: err})
				continue
			}
			for _, k := range ks {
				sa, sb := a.Settings, b.Settings
				sa.K, sb.K = k, k
				ra, err := ndcg.Compute(la, sa)
				if err != nil {
					return nil, err
				}
				rb, err := ndcg.Compute(lb, sb)
				if err != nil {
					out = append(out, Disagreement{QID: q.QID, A: a.Name, B: b.Name, Refused: err})
					break
				}
				va, vb := ra.NDCG(), rb.NDCG()
				if math.Abs(va-vb) <= disagreeEpsilon {
					continue
				}
				d := Disagreement{QID: q.QID, K: k, A: a.Name, B: b.Name, ValueA: va, ValueB: vb}
				c, err := ndcg.Compare(la, sa, sb)
				if err == nil {
					for _, e := range c.Effects {
						if math.Abs(e.After-e.Before) > disagreeEpsilon {
							d.Because = append(d.Because, fmt.Sprintf("%s %s → %s", e.Setting, e.From, e.To))
						}
					}
				}
				// What the libraries do to the inputs: a's rules with only
				// b's reading of predictions, or of labels.
				if a.Float32Scores != b.Float32Scores {
					v := a
					v.Float32Scores = b.Float32Scores
					if moved(ds.Name, q, v, sa, va) {
						d.Because = append(d.Because, fmt.Sprintf("predictions %s → %s", precision(a.Float32Scores), precision(b.Float32Scores)))
					}
				}
				if a.Labels != b.Labels || a.Float32Labels != b.Float32Labels {
					v := a
					v.Labels, v.Float32Labels, v.MaxLabel = b.Labels, b.Float32Labels, b.MaxLabel
					if moved(ds.Name, q, v, sa, va) {
						d.Because = append(d.Because, fmt.Sprintf("labels %s → %s", a.Labels, b.Labels))
					}
				}
				out = append(out, d)
			}
		}
	}
	return out, nil
}

// moved reports whether q under rules r and settings s scores other
// than v (a refusal counts as no move: it is reported on its own).
func moved(file string, q *Query, r Rules, s ndcg.Settings, v float64) bool {
	l, err := r.List(file, q)
	if err != nil {
		return false
	}
	res, err := ndcg.Compute(l, s)
	if err != nil {
		return false
	}
	return math.Abs(res.NDCG()-v) > disagreeEpsilon
}

func precision(f32 bool) string {
	if f32 {
		return "float32"
	}
	return "float64"
}

func (l LabelRule) String() string {
	switch l {
	case LabelsTruncated:
		return "truncated"
	case LabelsWhole:
		return "whole only"
	default:
		return "as given"
	}
}
