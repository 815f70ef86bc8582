package learn

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Find is what a question whose answer is a whole number, a k or a
// rank, asks the learner to find. Such a question makes them apply an
// idea across the list (where the cutoff starts to cost, which rank
// counts most) rather than compute one sum.
type Find int

const (
	// FindNone: the answer is a quantity (Step.Asks).
	FindNone Find = iota
	// FindK: the smallest k at which NDCG@k falls below Step.Below.
	FindK
	// FindRank: the rank whose term adds most to DCG.
	FindRank
)

// Whole reports whether the step's answer is a whole number, a k or a
// rank, typed without decimals.
func (s Step) Whole() bool { return s.Finds != FindNone }

// setFind reads "ask: k below X" and "ask: rank most".
func (s *Step) setFind(f []string) error {
	switch {
	case len(f) == 3 && f[0] == "k" && f[1] == "below":
		x, err := strconv.ParseFloat(f[2], 64)
		if err != nil || x <= 0 || x > 1 {
			return fmt.Errorf("%s is not an NDCG above 0 and at most 1; %s", termsafe.Quote(f[2]), fieldHelp["ask"])
		}
		s.Finds, s.Below = FindK, x
	case len(f) == 2 && f[0] == "rank" && f[1] == "most":
		s.Finds = FindRank
	default:
		return fmt.Errorf("%s is not a question; %s", termsafe.Quote(strings.Join(f, " ")), fieldHelp["ask"])
	}
	return nil
}

// term is what rank i adds to DCG with ties ordered as the question
// asks: the sum to it less the sum above it (DCGAt of 0 is the whole
// list's, so rank 1's is its sum alone).
func term(r *ndcg.Result, p ndcg.TiePolicy, i int) float64 {
	if i == 1 {
		return r.DCGAt(p, 1)
	}
	return r.DCGAt(p, i) - r.DCGAt(p, i-1)
}

// whole is the answer to a FindK or FindRank question, or 0 where the
// list has none (completeWhole refuses such a file).
func whole(r *ndcg.Result, s Step) int {
	p := s.Asked.Ties
	switch s.Finds {
	case FindK:
		for k := 1; k <= r.N; k++ {
			if r.NDCGAt(p, k) < s.Below {
				return k
			}
		}
	case FindRank:
		best, at := math.Inf(-1), 0
		for i := 1; i <= r.N; i++ {
			if t := term(r, p, i); t > best {
				best, at = t, i
			}
		}
		return at
	}
	return 0
}

// completeWhole checks that a whole-number question has one answer on
// its list.
func (s Step) completeWhole(r *ndcg.Result) error {
	p := s.Asked.Ties
	switch s.Finds {
	case FindK:
		if whole(r, s) == 0 {
			low := 1.0
			for k := 1; k <= r.N; k++ {
				low = min(low, r.NDCGAt(p, k))
			}
			return fmt.Errorf("asks for the k at which NDCG@k falls below %s, but it never does (its lowest is %.4f); ask: k below X with X above %.4f",
				strconv.FormatFloat(s.Below, 'f', -1, 64), low, low)
		}
	case FindRank:
		at := whole(r, s)
		for i := 1; i <= r.N; i++ {
			// Two ranks that add the same most make two answers.
			if i != at && math.Abs(term(r, p, i)-term(r, p, at)) < 5e-5 {
				return fmt.Errorf("asks which rank adds most, but ranks %d and %d add the same; change a grade so that one rank adds most", min(i, at), max(i, at))
			}
		}
	}
	return nil
}

// JudgeWhole reads and judges an answer to a whole-number question:
// refused, when not empty, says what to type instead; otherwise right
// says whether it is the answer and words what the given k or rank is,
// so that a wrong one is told why ("NDCG@3 is still 0.9197, not below
// 0.9"), without the answer. The lesson on screen and the accessible
// lesson say it alike.
func (s Step) JudgeWhole(text string) (given int, right bool, words, refused string) {
	r, err := s.result()
	if err != nil {
		return 0, false, "", err.Error()
	}
	what := s.Label()
	g, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil || g < 1 || g > r.N {
		return 0, false, "", fmt.Sprintf("type the %s as a whole number from 1 to %d, e.g. 2", what, r.N)
	}
	truth, p := whole(r, s), s.Asked.Ties
	below := strconv.FormatFloat(s.Below, 'f', -1, 64)
	if g == truth {
		switch s.Finds {
		case FindK:
			return g, true, fmt.Sprintf("NDCG@%d = %.4f is the first below %s.", g, r.NDCGAt(p, g), below), ""
		default:
			return g, true, fmt.Sprintf("rank %d adds %.4f, the most.", g, term(r, p, g)), ""
		}
	}
	switch {
	case s.Finds == FindRank:
		words = fmt.Sprintf("rank %d adds %.4f; another rank adds more.", g, term(r, p, g))
	case r.NDCGAt(p, g) >= s.Below:
		words = fmt.Sprintf("NDCG@%d is still %.4f, not below %s.", g, r.NDCGAt(p, g), below)
	default:
		words = fmt.Sprintf("NDCG@%d is %.4f, below %s, but a smaller k is already below it.", g, r.NDCGAt(p, g), below)
	}
	return g, false, words, ""
}

// hiddenWhole are the numbers that give a whole-number answer away:
// for a k, every NDCG@i and the DCG@i it is the quotient of (IDCG@i
// stays, an input); for a rank, every term and every running sum, whose
// differences are the terms (the gains and discounts stay, inputs).
// The answer itself, a whole number, reads as a rank or a k does: it
// is kept first, with more decimals than any screen writes, so that
// nothing else reads as it.
func (s Step) hiddenWhole(r *ndcg.Result) []Hide {
	out := []Hide{{float64(whole(r, s)), 8}}
	p := s.Asked.Ties
	add := func(x float64) {
		// An NDCG of 1 (every rank so far ideal) the grades show; as
		// written, 1.000 is rank 1's discount, an input.
		if x != 0 && x != 1 && !math.IsNaN(x) {
			out = append(out, Hide{x, 2})
		}
	}
	for i := 1; i <= r.N; i++ {
		switch s.Finds {
		case FindK:
			add(r.NDCGAt(p, i))
			if i > 1 {
				add(r.DCGAt(p, i))
			}
		case FindRank:
			add(term(r, p, i))
			if i > 1 {
				add(r.DCGAt(p, i))
			}
		}
	}
	return out
}
