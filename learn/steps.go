package learn

import (
	"fmt"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// Key names a key a step needs; the explorer shows it from its own key
// map, so a step says what the key does and never which letter it is.
// In an instruction, a key's name in braces ("{ties}") is replaced by
// the key itself.
type Key string

// The keys the steps use.
const (
	KeyKDown   Key = "kdown"   // k one down
	KeyKUp     Key = "kup"     // k one up
	KeyTies    Key = "ties"    // the tie policy, in turn
	KeyGain    Key = "gain"    // the gain, in turn
	KeyWorking Key = "working" // the working view
	KeyCheck   Key = "check"   // the check view
	KeyBack    Key = "back"    // back to the explorer view
)

// Step is one step of the path.
type Step struct {
	// Title says what the step teaches, in a few words.
	Title string
	// Sample is the built-in sample whose list the step opens.
	Sample string
	// Opens are the conventions the list opens under; Asked those the
	// question is asked under. They differ where the instruction has the
	// learner change one (k, the tie policy, the gain) to find the answer.
	Opens, Asked ndcg.Settings
	// Instruction is the one thing to do, with the keys in braces.
	Instruction string
	// Keys are the keys the step needs, in the order the screen lists them.
	Keys []Key
	// Question is asked of the list under Asked.
	Question string
	// Asks is the quantity the answer is: DCG, IDCG or NDCG at Asked.K,
	// or the Contribution of rank Rank (the ranks above it given).
	Asks verify.Quantity
	Rank int
	// Decimals is the fewest decimals an answer is read with (2 unless
	// the question asks for more).
	Decimals int
	// Slip is a wrong answer the step's list invites, and SlipIs a word
	// of the mistake check names behind it (Step.Diagnose): the lesson's
	// tests answer with it.
	Slip, SlipIs string
}

// exp and linear at a cutoff: the conventions the steps use.
func exp(k int) ndcg.Settings    { return ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, K: k} }
func linear(k int) ndcg.Settings { return ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: k} }

func worst(s ndcg.Settings) ndcg.Settings { s.Ties = ndcg.Worst; return s }

// Steps are the path, in order; step n is Steps[n-1].
var Steps = []Step{
	{
		Title:  "gain and discount",
		Sample: "idcg-slip", Opens: exp(5), Asked: exp(5),
		Instruction: "Each rank i adds gain × discount: gain 2^grade − 1, discount 1/log2(i+1), so " +
			"rank 1 (grade 3) adds 7 × 1 = 7. Work out rank 2 by hand: the screen hides it (?.???) until you answer.",
		Question: "What does rank 2 (B, grade 2) add, to two decimals?",
		Asks:     verify.Contribution, Rank: 2,
		Slip: "1.26", SlipIs: "linear",
	},
	{
		Title:  "DCG",
		Sample: "idcg-slip", Opens: exp(3), Asked: exp(3),
		Instruction: "DCG@k adds the terms of ranks 1 to k. Add the first three of the contrib column by hand; " +
			"the working view ({working}) lays the sum out term by term.",
		Keys:     []Key{KeyWorking, KeyBack},
		Question: "What is DCG@3, to two decimals?",
		Asks:     verify.DCG,
		Slip:     "5.76", SlipIs: "linear",
	},
	{
		Title:  "the ideal ranking and IDCG",
		Sample: "idcg-slip", Opens: exp(5), Asked: exp(5),
		Instruction: "IDCG@k is the DCG of the same grades sorted best first (3, 3, 2, 1, 0): the most " +
			"any order of them can score. Work it out by hand, as you did DCG.",
		Question: "What is IDCG@5, to two decimals?",
		Asks:     verify.IDCG,
		Slip:     "16.39", SlipIs: "discount",
	},
	{
		Title:  "NDCG",
		Sample: "idcg-slip", Opens: exp(5), Asked: exp(5),
		Instruction: "NDCG@k = DCG@k / IDCG@k, so the ideal order scores 1. DCG@5 is step 2's DCG@3 plus " +
			"ranks 4 and 5; IDCG@5 is step 3's. Divide.",
		Question: "What is NDCG@5, to two decimals?",
		Asks:     verify.NDCG,
		Slip:     "0.93", SlipIs: "k=4",
	},
	{
		Title:  "the cutoff k",
		Sample: "all-claims-hold", Opens: linear(5), Asked: linear(3),
		Instruction: "Linear gain here: gain = grade. Lower k to 3 ({kdown} twice): DCG then counts " +
			"ranks 1–3 only, and IDCG the top 3 of the ideal order (5, 5, 4).",
		Keys:     []Key{KeyKDown, KeyKUp},
		Question: "What is NDCG@3, to two decimals?",
		Asks:     verify.NDCG,
		Slip:     "0.64", SlipIs: "whole ideal ranking",
	},
	{
		Title:  "ties at the cutoff",
		Sample: "ties-at-k", Opens: exp(3), Asked: worst(exp(3)),
		Instruction: "C and D share a score and k=3 falls between them: one counts, and the scores do " +
			"not say which. Switch the tie policy ({ties}) to worst, which puts the grade 0 at rank 3.",
		Keys:     []Key{KeyTies},
		Question: "What is NDCG@3 under worst ties, to two decimals?",
		Asks:     verify.NDCG,
		Slip:     "0.73", SlipIs: "expected",
	},
	{
		Title:  "conventions that disagree",
		Sample: "linear-vs-exp", Opens: linear(5), Asked: exp(5),
		Instruction: "scikit-learn takes the grade itself as the gain (linear); LightGBM, XGBoost and many " +
			"papers take 2^grade − 1 (exp). Switch the gain ({gain}) to exp: see what the grade 3 at rank 5 costs now.",
		Keys:     []Key{KeyGain},
		Question: "What is NDCG@5 with exp gain, to two decimals?",
		Asks:     verify.NDCG,
		Slip:     "0.75", SlipIs: "linear",
	},
	{
		Title:  "checking a hand computation",
		Sample: "rounded-terms", Opens: linear(5), Asked: linear(5),
		Instruction: "A tutorial rounded each IDCG@5 term to three decimals before adding and printed " +
			"6.324. See it checked in the check view ({check}), then add the terms unrounded.",
		Keys:     []Key{KeyCheck, KeyBack},
		Question: "What is IDCG@5, summed exactly, to four decimals?",
		Asks:     verify.IDCG, Decimals: 4,
		Slip: "6.3240", SlipIs: "rounded",
	},
}

// Count is the number of steps.
func Count() int { return len(Steps) }

// At is step n, from 1.
func At(n int) (Step, error) {
	if n < 1 || n > len(Steps) {
		return Step{}, fmt.Errorf("there is no step %d: the path has steps 1 to %d", n, len(Steps))
	}
	return Steps[n-1], nil
}

// Doc is the step's list, read from its sample.
func (s Step) Doc() (*listio.Document, error) {
	return listio.LoadReadOnly(listio.SamplePrefix+s.Sample, nil, "")
}

// Label names what the answer is, as the answer's field is headed:
// "DCG@3", "rank 2's term".
func (s Step) Label() string {
	if s.Asks == verify.Contribution {
		return fmt.Sprintf("rank %d's term", s.Rank)
	}
	return fmt.Sprintf("%s@%d", s.Asks, s.Asked.K)
}

// MinDecimals is the fewest decimals an answer must be written with.
func (s Step) MinDecimals() int {
	if s.Decimals > 0 {
		return s.Decimals
	}
	return 2
}

// Truth is the true answer to the step's question.
func (s Step) Truth() (float64, error) {
	r, err := s.result()
	if err != nil {
		return 0, err
	}
	switch s.Asks {
	case verify.DCG:
		return r.DCG(), nil
	case verify.IDCG:
		return r.IDCG(), nil
	case verify.NDCG:
		return r.NDCG(), nil
	}
	return r.Row(s.Rank - 1).Contribution, nil
}

func (s Step) result() (*ndcg.Result, error) {
	d, err := s.Doc()
	if err != nil {
		return nil, err
	}
	return ndcg.Compute(d.List, s.Asked)
}

// Diagnose says what check finds behind the answer w, in the quiz's
// words: "" when w is right or nothing explains it.
func (s Step) Diagnose(w verify.Written) string {
	r, err := s.result()
	if err != nil {
		return ""
	}
	c := verify.Claims{}
	switch s.Asks {
	case verify.DCG:
		c.DCG = &w
	case verify.IDCG:
		c.IDCG = &w
	case verify.NDCG:
		c.NDCG = &w
	default:
		// The terms above the rank asked are given (the instruction
		// works rank 1, the column shows the rest): claimed exactly.
		for i := range s.Rank - 1 {
			c.Contributions = append(c.Contributions, verify.Written{Value: r.Row(i).Contribution})
		}
		c.Contributions = append(c.Contributions, w)
	}
	why := verdict.DiagnoseLast(r.List, s.Asked, c)
	if why == string(verdict.Unexplained) {
		return ""
	}
	return why
}

// Instructions is the step's instruction with each key in braces
// replaced by name(key).
func (s Step) Instructions(name func(Key) string) string {
	text := s.Instruction
	for _, k := range []Key{KeyKDown, KeyKUp, KeyTies, KeyGain, KeyWorking, KeyCheck, KeyBack} {
		text = strings.ReplaceAll(text, "{"+string(k)+"}", name(k))
	}
	return text
}
