package trec

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// DefaultCutoffs are trec_eval's cutoffs for ndcg_cut without parameters.
var DefaultCutoffs = []int{5, 10, 15, 20, 30, 100, 200, 500, 1000}

// Measures are the measures to compute, printed in trec_eval's order:
// ndcg, ndcg_rel, Rndcg, then ndcg_cut at each cutoff, ascending.
type Measures struct {
	NDCG bool
	// Cutoffs of ndcg_cut, ascending; nil for none.
	Cutoffs []int
	// NDCGRel and RNDCG ask for ndcg_rel and Rndcg (see family.go).
	NDCGRel, RNDCG bool
	// The gain parameters of ndcg, ndcg_rel and Rndcg (ndcg.1=0,2=3);
	// zero for none.
	NDCGGains, NDCGRelGains, RNDCGGains GainParams
	// Warnings say what was taken other than as written (a cutoff 23.4
	// read as 23, as trec_eval reads it), for stderr.
	Warnings []string
}

// Kind says how a column is computed.
type Kind int

const (
	// KindNDCG is ndcg (K 0) or ndcg_cut.K, the rel value as the gain.
	KindNDCG Kind = iota
	// KindNDCGGains is ndcg with gain parameters.
	KindNDCGGains
	// KindNDCGRel is ndcg_rel; KindRNDCG is Rndcg.
	KindNDCGRel
	KindRNDCG
)

// Column is one printed measure: its name, its cutoff (0 for the whole
// ranking), and for ndcg_rel, Rndcg and ndcg with gains, its kind and
// gain parameters.
type Column struct {
	Name  string
	K     int
	Kind  Kind
	Gains GainParams
	// Level is the rel a document needs to count as relevant (trec_eval
	// -l); only Rndcg looks at it, when no document reaches it.
	Level int64
}

// family reports whether the column is computed by trec_eval's general
// gain code (family.go) rather than the rel-as-gain fast path.
func (c Column) family() bool { return c.Kind != KindNDCG }

// Columns lists the values each query gets, in printing order.
func (m Measures) Columns() []Column {
	var out []Column
	named := func(name string, g GainParams) string {
		if g.Text == "" {
			return name
		}
		return name + "_" + g.Text // trec_eval's append_string
	}
	if m.NDCG {
		if m.NDCGGains.Text != "" {
			out = append(out, Column{Name: named("ndcg", m.NDCGGains), Kind: KindNDCGGains, Gains: m.NDCGGains})
		} else {
			out = append(out, Column{Name: "ndcg"})
		}
	}
	if m.NDCGRel {
		out = append(out, Column{Name: named("ndcg_rel", m.NDCGRelGains), Kind: KindNDCGRel, Gains: m.NDCGRelGains})
	}
	if m.RNDCG {
		out = append(out, Column{Name: named("Rndcg", m.RNDCGGains), Kind: KindRNDCG, Gains: m.RNDCGGains})
	}
	for _, k := range m.Cutoffs {
		out = append(out, Column{Name: "ndcg_cut_" + strconv.Itoa(k), K: k})
	}
	return out
}

// HasFamily reports whether m asks for ndcg_rel, Rndcg or gains.
func (m Measures) HasFamily() bool {
	for _, c := range m.Columns() {
		if c.family() {
			return true
		}
	}
	return false
}

// ParamError is a measure given parameters it cannot take (ndcg_cut.0,
// ndcg.1): trec_eval knows the measure and stops with its status for a
// measure it cannot set up, 2, rather than its usage status, 1.
type ParamError struct{ Err error }

func (e *ParamError) Error() string { return e.Err.Error() }
func (e *ParamError) Unwrap() error { return e.Err }

// ParseMeasures reads trec_eval -m arguments: "ndcg", "ndcg_cut" (the
// default cutoffs), "ndcg_cut.K1,K2,…", "ndcg_rel", "Rndcg", and gain
// parameters for the last three as in "ndcg.1=0,2=3". As in trec_eval,
// when a measure is given parameters more than once, the first count.
func ParseMeasures(args []string) (Measures, error) {
	var m Measures
	cut, cutParams := false, ""
	gainsOnce := func(dst *GainParams, name, params string) error {
		if dst.Text != "" {
			return nil
		}
		g, err := parseGainParams(name, params)
		if err != nil {
			return &ParamError{Err: err}
		}
		*dst = g
		return nil
	}
	for _, a := range args {
		name, params, hasParams := strings.Cut(a, ".")
		if hasParams && params == "" {
			return m, fmt.Errorf("measure %q: nothing after the dot; give cutoffs as in ndcg_cut.5,10 or gains as in ndcg.1=0,2=3", a)
		}
		switch name {
		case "ndcg", "ndcg_rel", "Rndcg":
			dst, flag := &m.NDCGGains, &m.NDCG
			switch name {
			case "ndcg_rel":
				dst, flag = &m.NDCGRelGains, &m.NDCGRel
			case "Rndcg":
				dst, flag = &m.RNDCGGains, &m.RNDCG
			}
			*flag = true
			if hasParams {
				if err := gainsOnce(dst, name, params); err != nil {
					return m, err
				}
			}
		case "ndcg_cut":
			cut = true
			if hasParams && cutParams == "" {
				cutParams = params
			}
		case "ndcg_p", "dcg", "ideal_dcg":
			return m, fmt.Errorf("measure %q: trec_eval 10.0 does not build it (its source is there, unregistered); trec computes ndcg, ndcg_cut, ndcg_rel and Rndcg", a)
		default:
			return m, fmt.Errorf("unknown measure %q: trec computes trec_eval's NDCG measures: ndcg, ndcg_cut.K1,K2,…, ndcg_rel and Rndcg (gains as in ndcg.1=0,2=3); it refuses the others (map, P, recall, …)", a)
		}
	}
	if cut {
		if cutParams == "" {
			m.Cutoffs = slices.Clone(DefaultCutoffs)
		} else {
			ks, cut, err := parseCutoffs(cutParams)
			if err != nil {
				return m, &ParamError{Err: fmt.Errorf("measure ndcg_cut.%s: %w", cutParams, err)}
			}
			m.Cutoffs = ks
			for _, c := range cut {
				m.Warnings = append(m.Warnings, fmt.Sprintf("measure ndcg_cut.%s: cutoff %s read as %s, cut to a whole number as trec_eval cuts it (its column is ndcg_cut_%s)", cutParams, c, wholePart(c), wholePart(c)))
			}
		}
	}
	return m, nil
}

// parseCutoffs reads "5,10,…": whole numbers ≥ 1 without repeats, sorted
// ascending as trec_eval sorts them. A decimal fraction (23.4) is cut to
// its whole part, as trec_eval's atol cuts it, and returned in cut for a
// warning: trec_eval's own tests give ndcg_cut.10,20,23.4.
func parseCutoffs(s string) (ks []int, cut []string, err error) {
	for _, p := range strings.Split(s, ",") {
		whole := p
		if w, frac, ok := strings.Cut(p, "."); ok && w != "" && frac != "" && strings.Trim(frac, "0123456789") == "" {
			whole = w
			cut = append(cut, p)
		}
		k, err := strconv.Atoi(whole)
		if err != nil || k < 1 {
			return nil, nil, fmt.Errorf("cutoff %s is not a whole number ≥ 1", termsafe.Quote(p))
		}
		ks = append(ks, k)
	}
	slices.Sort(ks)
	for i := 1; i < len(ks); i++ {
		if ks[i] == ks[i-1] {
			return nil, nil, fmt.Errorf("cutoff %d is given twice", ks[i])
		}
	}
	return ks, cut, nil
}

// wholePart is a cutoff's digits before its point.
func wholePart(s string) string {
	w, _, _ := strings.Cut(s, ".")
	return w
}
