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
	KeyKDown       Key = "kdown"       // k one down
	KeyKUp         Key = "kup"         // k one up
	KeyTies        Key = "ties"        // the tie policy, in turn
	KeyGain        Key = "gain"        // the gain, in turn
	KeyIDCG        Key = "idcg"        // the IDCG source, list or judged
	KeyZero        Key = "zero"        // the IDCG=0 rule, 0 or 1
	KeyWorking     Key = "working"     // the working view
	KeyTiesView    Key = "tiesview"    // the ties view
	KeyConventions Key = "conventions" // the conventions view
	KeyPool        Key = "pool"        // the pool view
	KeyCheck       Key = "check"       // the check view
	KeyBack        Key = "back"        // back to the explorer view
)

// AllKeys are the keys a step may name, as a lesson file writes them.
var AllKeys = []Key{KeyKDown, KeyKUp, KeyTies, KeyGain, KeyIDCG, KeyZero,
	KeyWorking, KeyTiesView, KeyConventions, KeyPool, KeyCheck, KeyBack}

// Step is one step of a path.
type Step struct {
	// Title says what the step teaches, in a few words.
	Title string
	// Sample is the built-in sample whose list the step opens; or,
	// without one, Grades (and Scores) are the list, written as
	// --grades and --scores are ("3,2,3,0,1"), and Pool the grades of
	// the judged items it missed.
	Sample               string
	Grades, Scores, Pool string
	// Opens are the conventions the list opens under; Asked those the
	// question is asked under. They differ where the instruction has the
	// learner change one (k, the tie policy, the gain) to find the answer.
	Opens, Asked ndcg.Settings
	// Instruction is what the learner reads: why the idea, then the one
	// thing to do, with the keys in braces.
	Instruction string
	// Keys are the keys the step needs, in the order the screen lists them.
	Keys []Key
	// Question is asked of the list under Asked.
	Question string
	// Asks is the quantity the answer is: DCG, IDCG or NDCG at Asked.K,
	// or the Contribution of rank Rank (the ranks above it given).
	Asks verify.Quantity
	Rank int
	// Finds, when set, makes the answer a whole number instead: the
	// smallest k at which NDCG@k falls below Below, or the rank that
	// adds most, with ties ordered as Asked says (Whole).
	Finds Find
	Below float64
	// Decimals is the fewest decimals an answer is read with (2 unless
	// the question asks for more).
	Decimals int
	// Hint is said after a wrong answer, beside the verdict.
	Hint string
	// Slip is a wrong answer the step's list invites, and SlipIs words
	// of the mistake the lesson names behind it (Step.Diagnose): the
	// lesson's tests answer with it.
	Slip, SlipIs string

	// What the file set, for the defaults (Parse).
	opensSet, askedSet, asksSet bool
}

// Steps are the built-in path, in order; step n is Steps[n-1]. The
// path is the lesson file path.md, embedded (BuiltinPath).
var Steps = builtin.Steps

// Count is the number of steps of the built-in path.
func Count() int { return len(Steps) }

// At is step n of the built-in path, from 1.
func At(n int) (Step, error) { return builtin.At(n) }

// Doc is the step's list: its sample, or the grades it gives.
func (s Step) Doc() (*listio.Document, error) {
	if s.Sample != "" {
		return listio.LoadReadOnly(listio.SamplePrefix+s.Sample, nil, "")
	}
	d, err := listio.Inline(s.Grades, s.Scores)
	if err != nil {
		return nil, err
	}
	d.Title = s.Title
	if s.Pool != "" {
		p, err := listio.Inline(s.Pool, "")
		if err != nil {
			return nil, err
		}
		for i, it := range p.List.Items {
			d.List.Pool = append(d.List.Pool, ndcg.Judged{ID: fmt.Sprintf("P%d", i+1), Grade: it.Grade})
		}
	}
	return d, nil
}

// Label names what the answer is, as the answer's field is headed:
// "DCG@3", "rank 2's term".
func (s Step) Label() string {
	switch s.Finds {
	case FindK:
		return "k"
	case FindRank:
		return "rank"
	}
	if s.Asks == verify.Contribution {
		return fmt.Sprintf("rank %d's term", s.Rank)
	}
	if s.Asked.K == 0 {
		return s.Asks.String()
	}
	return fmt.Sprintf("%s@%d", s.Asks, s.Asked.K)
}

// MinDecimals is the fewest decimals an answer must be written with.
func (s Step) MinDecimals() int {
	if s.Whole() {
		return 0
	}
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
	if s.Whole() {
		return float64(whole(r, s))
	}
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

// Hide is a number a step keeps hidden until it is answered: any number
// the screen writes with Decimals decimals or more that, rounded to
// Decimals, is Value rounded alike. Written with fewer it is too coarse
// to give the answer; rounded alike it is the answer read off, whatever
// else it stands for.
type Hide struct {
	Value    float64
	Decimals int
}

// Hidden are the numbers the screen keeps hidden until the step is
// answered: the answer, and each number the explorer shows that gives
// it in one operation with another number on screen, so that the
// learner applies the step's idea rather than reads it off.
//
// A rank's term is DCG@i less the sum above it, so the running sums
// from that rank on are hidden, and its discount and the log2(i+1) it
// divides by (the gain is an input). A DCG or IDCG is one addition from the running sum before
// it, and a product of NDCG@i and the other sum: its running sums from
// rank 2 on are hidden, with NDCG@i, and the sum under log10 (3.3219
// times it); an IDCG's ideal terms are hidden too (the ideal grades
// stay, as inputs). An NDCG is a quotient of DCG
// and IDCG: both are hidden wherever they show, from rank 2 on; a worst
// or best NDCG (or a tool's order of the ties that gives one) is the
// other bound less the spread, or twice the expected value less the
// other bound: the spread and the other bound are hidden. A claim the file
// makes of the answer (at the same k and gain) gives it with what check
// finds it off by. All is computed under the conventions the question
// is asked under: under others the values differ, and the learner who
// changes them sees them.
func (s Step) Hidden() ([]Hide, error) {
	d, err := s.Doc()
	if err != nil {
		return nil, err
	}
	r, err := ndcg.Compute(d.List, s.Asked)
	if err != nil {
		return nil, err
	}
	if s.Whole() {
		return s.hiddenWhole(r), nil
	}
	truth := answerOf(r, s)
	out := []Hide{{truth, s.MinDecimals()}}
	gives := func(xs ...float64) {
		for _, x := range xs {
			if x != 0 && !math.IsNaN(x) {
				out = append(out, Hide{x, s.MinDecimals()})
			}
		}
	}
	p, k, n := s.Asked.Ties, s.Asked.K, r.Ranks()
	from := 2
	switch s.Asks {
	case verify.Contribution:
		// The discount, and log2(i+1) it divides by, as the working
		// view writes the term: 3/1.585.
		gives(r.Row(s.Rank-1).Discount, 1/r.Row(s.Rank-1).Discount)
		from = s.Rank
	case verify.DCG, verify.IDCG:
		// The sum under log10, which the curves view writes beside
		// it: ln 10/ln 2 = 3.3219 times as much.
		gives(truth * math.Log2(10))
	}
	for i := from; i <= n; i++ {
		// A sum no different from the one above it is shown there.
		if s.Asks != verify.IDCG && r.DCGAt(p, i) != r.DCGAt(p, from-1) {
			gives(r.DCGAt(p, i))
		}
		gives(r.NDCGAt(p, i))
		if s.Asks != verify.Contribution && s.Asks != verify.DCG && r.IDCGAt(i) != r.IDCGAt(from-1) {
			gives(r.IDCGAt(i))
		}
		if s.Asks == verify.IDCG && i <= len(r.IdealOrder) {
			gives(r.IdealGain(i-1) * s.Asked.Discount.At(i))
		}
	}
	if s.Asks == verify.NDCG {
		// A bound of the tie band is the other less the spread; and,
		// where the ties have two orders, twice the expected value
		// less the other bound. So too a tool's order (docno, input)
		// that gives a bound.
		worst, best := r.NDCGAt(ndcg.Worst, k), r.NDCGAt(ndcg.Best, k)
		switch {
		case worst == best:
		case truth == worst:
			gives(r.NDCGBand(k).Spread(), best)
		case truth == best:
			gives(r.NDCGBand(k).Spread(), worst)
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
	if err != nil || s.Whole() {
		// A k or a rank is judged by JudgeWhole, which says what the
		// one given is.
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
		places := "decimals"
		if f.Rounded.Decimals == 1 {
			places = "decimal" // "to 1 decimals" read as a slip of ours
		}
		d.Slip = fmt.Sprintf("you rounded each term to %d %s before adding them", f.Rounded.Decimals, places)
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
	case ndcg.SettingIDCG:
		if c.To == ndcg.FromList.String() {
			return "built the ideal from the list alone, not from every judged item"
		}
		return "built the ideal from every judged item, not from the list alone"
	case ndcg.SettingZero:
		return fmt.Sprintf("took NDCG as %s where IDCG is 0, not %s", c.To, c.From)
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
	for _, k := range AllKeys {
		text = strings.ReplaceAll(text, "{"+string(k)+"}", name(k))
	}
	return text
}
