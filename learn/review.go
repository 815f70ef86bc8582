package learn

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// ReviewSize is how many questions the closing review asks.
const ReviewSize = 5

// Review is the closing review: after the path's last step, five
// questions on fresh lists drawn from r, one for each of the path's
// ideas in turn (a rank's term, DCG, IDCG, NDCG at a cutoff, and one of
// ties at the cutoff or the ideal from the judgments). Each list has a
// relevant item in its top 3, so that no question is 0/0 or 0.
func Review(r *rand.Rand) *Path {
	grades := func(n int) []int {
		g := make([]int, n)
		for {
			relevant := false
			for i := range g {
				g[i] = r.IntN(4)
				relevant = relevant || i < 3 && g[i] > 0
			}
			if relevant {
				return g
			}
		}
	}
	p := &Path{Title: "closing review"}
	add := func(s Step) {
		s.asksSet = true
		if _, err := s.Doc(); err != nil {
			panic(err) // the lists drawn are always valid
		}
		p.Steps = append(p.Steps, s)
	}
	g := grades(5)
	// Rank 2, whose discount the screen keeps hidden: the other
	// ranks' discounts divide by chance to terms near theirs (0.500 /
	// 0.387 is 1.29, rank 4's 3/log2 5), and rank 3's is 1/2. A gain
	// of 3 or 7, not the discount itself.
	rank := 2
	g[rank-1] = 2 + r.IntN(2)
	add(Step{Title: "a rank's term", Grades: join(g), Opens: exp(5), Asked: exp(5),
		Instruction: "A fresh list, exp gain: gain 2^grade − 1, discount 1/log2(i+1).",
		Question:    fmt.Sprintf("What does rank %d add, to two decimals?", rank),
		Asks:        verify.Contribution, Rank: rank,
	})

	g = grades(5)
	// Two relevant in the top 3: a sum to work out, not one term.
	g[r.IntN(2)] = 1 + r.IntN(3)
	g[2] = 1 + r.IntN(3)
	add(Step{Title: "DCG", Grades: join(g), Opens: exp(3), Asked: exp(3),
		Instruction: "Exp gain. Add the terms of ranks 1 to 3.",
		Question:    "What is DCG@3, to two decimals?", Asks: verify.DCG,
	})
	add(Step{Title: "IDCG", Grades: join(grades(5)), Opens: linear(4), Asked: linear(4),
		Instruction: "Linear gain: gain = grade. Sort the grades best first and add the top 4 terms.",
		Question:    "What is IDCG@4, to two decimals?", Asks: verify.IDCG,
	})
	add(Step{Title: "NDCG at a cutoff", Grades: join(grades(6)), Opens: linear(3), Asked: linear(3),
		Instruction: "Linear gain, and k=3: DCG@3 over IDCG@3, the top 3 of the ideal order.",
		Question:    "What is NDCG@3, to two decimals?", Asks: verify.NDCG,
	})
	if r.IntN(2) == 0 {
		// A tie across k=3 between two different grades.
		g := grades(5)
		g[2], g[3] = 0, 1+r.IntN(3)
		if r.IntN(2) == 0 {
			g[2], g[3] = g[3], g[2]
		}
		add(Step{Title: "ties at the cutoff", Grades: join(g), Scores: "0.9,0.8,0.5,0.5,0.1",
			Opens: worst(exp(3)), Asked: worst(exp(3)),
			Instruction: "Exp gain. C and D share a score across k=3: worst ties put the lower grade first.",
			Question:    "What is NDCG@3 under worst ties, to two decimals?", Asks: verify.NDCG,
		})
	} else {
		judged := exp(4)
		judged.IDCG = ndcg.FromJudged
		missed := 1 + r.IntN(3)
		add(Step{Title: "the ideal from the judgments", Grades: join(grades(4)), Pool: strconv.Itoa(missed),
			Opens: judged, Asked: judged,
			Instruction: fmt.Sprintf("Exp gain. The judges found one more relevant item the list missed, P1 (grade %d): the ideal takes it in.", missed),
			Question:    "With the ideal from every judged item, what is NDCG@4?", Asks: verify.NDCG,
		})
	}
	return p
}

// join writes grades as a list field does: 3,2,0.
func join(g []int) string {
	s := make([]string, len(g))
	for i, x := range g {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// exp and linear at a cutoff, and worst ties: the conventions the
// review asks under.
func exp(k int) ndcg.Settings    { return ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, K: k} }
func linear(k int) ndcg.Settings { return ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: k} }

func worst(s ndcg.Settings) ndcg.Settings { s.Ties = ndcg.Worst; return s }
