package trec

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// DefaultCutoffs are trec_eval's cutoffs for ndcg_cut without parameters.
var DefaultCutoffs = []int{5, 10, 15, 20, 30, 100, 200, 500, 1000}

// Measures are the measures to compute, printed in trec_eval's order:
// ndcg, then ndcg_cut at each cutoff, ascending.
type Measures struct {
	NDCG bool
	// Cutoffs of ndcg_cut, ascending; nil for none.
	Cutoffs []int
}

// Column is one printed measure: its name and its cutoff (0 for the
// whole ranking).
type Column struct {
	Name string
	K    int
}

// Columns lists the values each query gets, in printing order.
func (m Measures) Columns() []Column {
	var out []Column
	if m.NDCG {
		out = append(out, Column{"ndcg", 0})
	}
	for _, k := range m.Cutoffs {
		out = append(out, Column{"ndcg_cut_" + strconv.Itoa(k), k})
	}
	return out
}

// ParseMeasures reads trec_eval -m arguments: "ndcg", "ndcg_cut" (the
// default cutoffs) and "ndcg_cut.K1,K2,…". As in trec_eval, when
// ndcg_cut is given cutoffs more than once, the first list counts.
func ParseMeasures(args []string) (Measures, error) {
	var m Measures
	cut, cutParams := false, ""
	for _, a := range args {
		name, params, hasParams := strings.Cut(a, ".")
		if hasParams && params == "" {
			return m, fmt.Errorf("measure %q: nothing after the dot; give cutoffs as in ndcg_cut.5,10", a)
		}
		switch name {
		case "ndcg":
			if hasParams {
				return m, fmt.Errorf("measure %q: gain parameters (ndcg.REL=GAIN) are not supported; trec uses the rel value as the gain", a)
			}
			m.NDCG = true
		case "ndcg_cut":
			cut = true
			if hasParams && cutParams == "" {
				cutParams = params
			}
		default:
			return m, fmt.Errorf("unknown measure %q: trec computes ndcg and ndcg_cut.K1,K2,…", a)
		}
	}
	if cut {
		if cutParams == "" {
			m.Cutoffs = slices.Clone(DefaultCutoffs)
		} else {
			ks, err := parseCutoffs(cutParams)
			if err != nil {
				return m, fmt.Errorf("measure ndcg_cut.%s: %w", cutParams, err)
			}
			m.Cutoffs = ks
		}
	}
	return m, nil
}

// parseCutoffs reads "5,10,…": whole numbers ≥ 1 without repeats, sorted
// ascending as trec_eval sorts them.
func parseCutoffs(s string) ([]int, error) {
	var ks []int
	for _, p := range strings.Split(s, ",") {
		k, err := strconv.Atoi(p)
		if err != nil || k < 1 {
			return nil, fmt.Errorf("cutoff %q is not a whole number ≥ 1", p)
		}
		ks = append(ks, k)
	}
	slices.Sort(ks)
	for i := 1; i < len(ks); i++ {
		if ks[i] == ks[i-1] {
			return nil, fmt.Errorf("cutoff %d is given twice", ks[i])
		}
	}
	return ks, nil
}
