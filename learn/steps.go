package learn

import (
	"fmt"
	"math"
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
	// Slip is a wrong answer the step's list invites, and SlipIs words
	// of the mistake the lesson names behind it (Step.Diagnose): the
	// lesson's tests answer with it.
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
		Instruction: "DCG adds up gain × discount over the ranks: gain 2^grade − 1, discount 1/log2(i+1) " +
			"at rank i; rank 1 (grade 3) adds 7 × 1 = 7. Work out rank 2's by hand: it is hidden (?.???), " +
			"with what is built on it, until you answer.",
		Question: "What does rank 2 (B, grade 2) add, to two decimals?",
		Asks:     verify.Contribution, Rank: 2,
		Slip: "1.26", SlipIs: "the grade itself as the gain",
	},
	{
		Title:  "DCG",
		Sample: "idcg-slip", Opens: exp(3), Asked: exp(3),
		Instruction: "DCG@k adds the terms of ranks 1 to k. Add the first three of the contrib column by hand; " +
			"the working view ({working}) lays the sum out term by term.",
		Keys:     []Key{KeyWorking, KeyBack},
		Question: "What is DCG@3, to two decimals?",
		Asks:     verify.DCG,
		Slip:     "5.76", SlipIs: "the grade itself as the gain",
	},
	{
		Title:  "the ideal ranking and IDCG",
		Sample: "idcg-slip", Opens: exp(5), Asked: exp(5),
		Instruction: "IDCG@k is the DCG of the same grades sorted best first (3, 3, 2, 1, 0): the most " +
			"any order of them can score. Work it out by hand, as you did DCG.",
		Question: "What is IDCG@5, to two decimals?",
		Asks:     verify.IDCG,
		Slip:     "16.39", SlipIs: "divided by log2(i), rank 1 by 1",
	},
	{
		Title:  "NDCG",
		Sample: "idcg-slip", Opens: exp(5), Asked: exp(5),
		Instruction: "NDCG@k = DCG@k / IDCG@k, so the ideal order scores 1. DCG@5 is step 2's DCG@3 plus " +
			"ranks 4 and 5; IDCG@5 is step 3's. Divide.",
		Question: "What is NDCG@5, to two decimals?",
		Asks:     verify.NDCG,
		Slip:     "0.93", SlipIs: "added ranks 1 to 4, not 1 to 5",
	},
	{
		Title:  "the cutoff k",
		Sample: "all-claims-hold", Opens: linear(5), Asked: linear(3),
		Instruction: "Linear gain here: gain = grade. Lower k to 3 ({kdown} twice): DCG then counts " +
			"ranks 1–3 only, and IDCG the top 3 of the ideal order (5, 5, 4).",
		Keys:     []Key{KeyKDown, KeyKUp},
		Question: "What is NDCG@3, to two decimals?",
		Asks:     verify.NDCG,
		Slip:     "0.64", SlipIs: "the whole ideal ranking for IDCG",
	},
	{
		Title:  "ties at the cutoff",
		Sample: "ties-at-k", Opens: exp(3), Asked: worst(exp(3)),
		Instruction: "C and D share a score and k=3 falls between them: one counts, and the scores do " +
			"not say which. Press {ties} twice, past best to worst: the grade 0 then takes rank 3.",
		Keys:     []Key{KeyTies},
		Question: "What is NDCG@3 under worst ties, to two decimals?",
		Asks:     verify.NDCG,
		Slip:     "0.73", SlipIs: "as expected ties do, not worst",
	},
	{
		Title:  "conventions that disagree",
		Sample: "linear-vs-exp", Opens: linear(5), Asked: exp(5),
		Instruction: "scikit-learn takes the grade itself as the gain (linear); LightGBM, XGBoost and many " +
			"papers take 2^grade − 1 (exp). Switch the gain ({gain}) to exp, see what the grade 3 at rank 5 " +
			"earns now, and divide.",
		Keys:     []Key{KeyGain},
		Question: "What is NDCG@5 with exp gain, to two decimals?",
		Asks:     verify.NDCG,
		Slip:     "0.75", SlipIs: "the grade itself as the gain",
	},
	{
		Title:  "checking a hand computation",
		Sample: "rounded-terms", Opens: linear(5), Asked: linear(5),
		Instruction: "A tutorial rounded each IDCG@5 term to three decimals before adding and printed " +
			"6.324. See it checked in the check view ({check}), then add the terms unrounded.",
		Keys:     []Key{KeyCheck, KeyBack},
		Question: "What is IDCG@5, summed exactly, to four decimals?",
		Asks:     verify.IDCG, Decimals: 4,
		Slip: "6.3240", SlipIs: "rounded each term to 3 decimals",
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
	return answerOf(r, s), nil
}

// answerOf is the quantity s asks for, in r.
func answerOf(r *ndcg.Result, s Step) float64 {
	switch s.Asks {
	case verify.DCG:
		return r.DCG()
	case verify.IDCG:
		return r.IDCG()
	case verify.NDCG:
		return r.NDCG()
	}
	return r.Row(s.Rank - 1).Contribution
}

func (s Step) result() (*ndcg.Result, error) {
	d, err := s.Doc()
	if err != nil {
		return nil, err
	}
	return ndcg.Compute(d.List, s.Asked)
}

// Hide is a number a step keeps hidden until it is answered, wherever
// the screen writes it with Decimals decimals or more: written with
// fewer, it is too coarse to give the answer (or is some other number
// that rounds alike).
type Hide struct {
	Value    float64
	Decimals int
}

// Hidden are the numbers the screen keeps hidden until the step is
// answered: the answer, and each number the explorer shows that gives it
// in one operation with another number on screen. A rank's term is its
// gain times the discount shown beside it, and DCG@i less the terms
// above it; a DCG or IDCG is in every running sum that holds it, and
// gives NDCG@i with the other sum; a worst or best NDCG is the other
// bound less the spread; a claim the file makes of the answer (at the
// same k and gain) is the answer plus what check finds it off by. The
// answer is hidden from two decimals on; what gives it, from the
// decimals the question asks for (a distance, one more, as it is added
// to a claim already rounded). Under other conventions the values
// differ, so the learner who changes them sees them all: only the
// answer is worth hiding there, and it is hidden wherever it shows.
func (s Step) Hidden() ([]Hide, error) {
	d, err := s.Doc()
	if err != nil {
		return nil, err
	}
	r, err := ndcg.Compute(d.List, s.Asked)
	if err != nil {
		return nil, err
	}
	truth := answerOf(r, s)
	out := []Hide{{truth, 2}}
	gives := func(xs ...float64) {
		for _, x := range xs {
			out = append(out, Hide{x, s.MinDecimals()})
		}
	}
	p, k, n := s.Asked.Ties, s.Asked.K, r.Ranks()
	switch s.Asks {
	case verify.Contribution:
		gives(r.Row(s.Rank - 1).Discount)
		for i := s.Rank; i <= n; i++ {
			gives(r.DCGAt(p, i), r.NDCGAt(p, i))
		}
	case verify.DCG, verify.IDCG:
		sum := func(i int) float64 { return r.DCGAt(p, i) }
		if s.Asks == verify.IDCG {
			sum = r.IDCGAt
		}
		for i := 1; i <= n; i++ {
			// A sum past k holds the answer; one before k equals it
			// where the ranks between add nothing.
			if i >= k || sum(i) == truth {
				gives(sum(i), r.NDCGAt(p, i))
			}
		}
	case verify.NDCG:
		if p == ndcg.Worst || p == ndcg.Best {
			gives(r.NDCGBand(k).Spread())
		}
	}
	if c := d.Claims; c != nil && c.K != nil && *c.K == k && (c.Gain == nil || *c.Gain == s.Asked.Gain.String()) {
		claimed := map[verify.Quantity]*listio.Number{verify.DCG: c.DCG, verify.IDCG: c.IDCG, verify.NDCG: c.NDCG}[s.Asks]
		if claimed != nil {
			out = append(out, Hide{math.Abs(claimed.Value - truth), s.MinDecimals() + 1})
		}
	}
	return out, nil
}

// Diagnosis is the mistake check finds behind a wrong answer, in the
// words of a learner who has just met the formula.
type Diagnosis struct {
	// Slip says what the learner did: "you divided by ln(i+1), not
	// log2(i+1)"; empty when w is right or nothing explains it.
	Slip string
	// Guess says the slip only lands near the answer by chance as
	// likely as not (two decimals fit many), so the lesson offers it
	// as a guess, not as what happened.
	Guess bool
	// Ambiguous says two or more mistakes give the answer as written:
	// Slip names them all ("k−1 or the ideal from the top k: both give
	// 0.83; …"), none as what happened.
	Ambiguous bool
	// Impossible says why the answer is a value NDCG never takes, said
	// before what explains it (verdict.Impossible); "" otherwise.
	Impossible string
	// Mistakes are the catalogue's ids of what gives the answer, most
	// likely first (verify.Diagnosis).
	Mistakes []verify.MistakeID
}

// Diagnose says what check finds behind the answer w, the finding the
// quiz and `check` give (verdict.Of: digits cut off, terms rounded
// before adding, a convention or a known mistake, one slipped term, a
// guess where it is not likely), said as the lesson says the formula;
// a slipped term is always a guess here.
func (s Step) Diagnose(w verify.Written) Diagnosis {
	r, err := s.result()
	if err != nil {
		return Diagnosis{}
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
	rep, err := verify.Check(r.List, s.Asked, c)
	if err != nil || len(rep.Verdicts) == 0 {
		return Diagnosis{}
	}
	f := verdict.Of(rep, len(rep.Verdicts)-1)
	d := Diagnosis{Guess: f.Guess, Impossible: verdict.Impossible(f.Claim), Mistakes: f.Diagnosis.Mistakes}
	if f.Diagnosis.Ambiguous {
		d.Slip, d.Ambiguous = verdict.Ambiguity(f.Diagnosis, w), true
		return d
	}
	switch f.Cause {
	case verdict.Truncated:
		d.Slip = "you cut the digits off instead of rounding"
	case verdict.Rounded:
		d.Slip = fmt.Sprintf("you rounded each term to %d decimals before adding them", f.Rounded.Decimals)
	case verdict.Convention, verdict.Mistake:
		parts := make([]string, len(f.Lead.Match.Changes))
		for i, ch := range f.Lead.Match.Changes {
			parts[i] = changeWords(s.tieBound(r.List, ch, w))
		}
		d.Slip = "you " + strings.Join(parts, ", and ")
	case verdict.Slip:
		// One term written otherwise is what a reviewer of a worked
		// page finds; a learner who typed a single number at two
		// decimals may have gone wrong anywhere on the way (rounded
		// every discount, say) and land as near: offered as a guess.
		d.Guess = true
		sl := f.Lead.Slip
		sum := "DCG"
		if sl.Ideal {
			sum = "IDCG"
		}
		d.Slip = fmt.Sprintf("%s's rank %d term took %s", sum, sl.Rank, sl.What)
	default:
		// Holds, or nothing explains it (a single claim inherits
		// nothing).
		return Diagnosis{}
	}
	return d
}

// tieBound names the tie policy a learner most likely used where a
// tool's order of the ties (docno, input) gives the same value as a
// bound: the lesson has them press through expected, best and worst,
// and never names docno (on ties-at-k, docno order is the best case,
// and "as docno ties do" sent a learner who had read "best" looking for
// a word they had not met). check itself names the tool's order first.
func (s Step) tieBound(list *ndcg.List, ch verify.Change, w verify.Written) verify.Change {
	if ch.Setting != ndcg.SettingTies || ch.To == ndcg.Best.String() || ch.To == ndcg.Worst.String() {
		return ch
	}
	for _, p := range []ndcg.TiePolicy{ndcg.Best, ndcg.Worst} {
		t := s.Asked
		t.Ties = p
		if r, err := ndcg.Compute(list, t); err == nil && p.String() != ch.From && w.Holds(answerOf(r, s)) {
			ch.To = p.String()
			return ch
		}
	}
	return ch
}

// changeWords says a convention changed as what the learner did, in the
// lesson's terms (gain 2^grade − 1, discount 1/log2(i+1), ranks 1 to
// k), and check's own words for what the lesson never mentions.
func changeWords(c verify.Change) string {
	switch c.Setting {
	case ndcg.SettingGain, ndcg.SettingDiscount:
		// In the catalogue's words, which check and the quiz use too.
		return verify.Lookup(c.ID()).Did
	case ndcg.SettingK:
		if c.To == "all" {
			return fmt.Sprintf("added every rank, not ranks 1 to %s", c.From)
		}
		return fmt.Sprintf("added ranks 1 to %s, not 1 to %s", c.To, c.From)
	case ndcg.SettingTies:
		return fmt.Sprintf("ordered the tied items as %s ties do, not %s", c.To, c.From)
	case verify.IDCGItems:
		return fmt.Sprintf("built the ideal order from %s only, not from %s", c.To, c.From)
	case verify.IDCGCutoff:
		return fmt.Sprintf("added up %s for IDCG, not its top %s", c.To, strings.TrimPrefix(c.From, "k="))
	}
	// What the lesson never mentions is said in the catalogue's words.
	return verify.Lookup(c.ID()).Did
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
