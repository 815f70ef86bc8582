package accessible

import (
	"fmt"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// conventionCommand is a command that sets one convention: alone, the
// next value, as the explorer's key steps it; with a word, that value.
type conventionCommand struct {
	// set reads word ("" alone) against the settings in force: the
	// change, what is said once it is made, and false when word is
	// none of the convention's values.
	set func(s ndcg.Settings, word string) (change func(*ndcg.Settings), said string, ok bool)
	// refused is said for a word that is none of its values.
	refused string
}

var (
	tiesCommand = conventionCommand{setTies, "Ties what? Say ties worst, expected, best, input or docno, or ties alone for the next."}
	gainCommand = conventionCommand{setGain, "Gain what? Say gain exp or gain linear, or gain alone for the other."}
	idcgCommand = conventionCommand{setIDCG, "IDCG from what? Say idcg judged or idcg list, or idcg alone for the other."}
	zeroCommand = conventionCommand{setZero, "Zero what? Say zero 0 or zero 1, or zero alone for the other."}
)

// conventionCommands are the commands that set a convention, by every
// name they answer to.
var conventionCommands = map[string]conventionCommand{
	"ties": tiesCommand, "tie": tiesCommand, "gain": gainCommand, "idcg": idcgCommand, "zero": zeroCommand,
}

// convention runs a convention command with its word.
func (x *session) convention(c conventionCommand, word string) {
	change, said, ok := c.set(x.s, word)
	if !ok {
		x.say("%s", c.refused)
		return
	}
	x.setting(change, said)
}

func setTies(s ndcg.Settings, word string) (func(*ndcg.Settings), string, bool) {
	p := ndcg.TiePolicies[(slices.Index(ndcg.TiePolicies, s.Ties)+1)%len(ndcg.TiePolicies)]
	if word != "" {
		var err error
		if p, err = ndcg.ParseTiePolicy(word); err != nil {
			return nil, "", false
		}
	}
	return func(s *ndcg.Settings) { s.Ties = p }, "Ties are " + p.String() + " now.", true
}

func setGain(s ndcg.Settings, word string) (func(*ndcg.Settings), string, bool) {
	g := ndcg.Exp
	if s.Gain.Kind == ndcg.GainExp {
		g = ndcg.Linear
	}
	if word != "" {
		var err error
		if g, err = ndcg.ParseGain(word); err != nil || (g.Kind != ndcg.GainExp && g.Kind != ndcg.GainLinear) {
			return nil, "", false
		}
	}
	return func(s *ndcg.Settings) { s.Gain = g }, fmt.Sprintf("Gain is %s now (%s).", g, g.Formula()), true
}

func setIDCG(s ndcg.Settings, word string) (func(*ndcg.Settings), string, bool) {
	src := ndcg.FromJudged
	if s.IDCG == ndcg.FromJudged {
		src = ndcg.FromList
	}
	if word != "" {
		var err error
		if src, err = ndcg.ParseIDCGSource(word); err != nil {
			return nil, "", false
		}
	}
	return func(s *ndcg.Settings) { s.IDCG = src }, idcgSaid(src), true
}

func setZero(s ndcg.Settings, word string) (func(*ndcg.Settings), string, bool) {
	z := 1 - s.Zero
	if word != "" {
		var err error
		if z, err = ndcg.ParseZero(word); err != nil {
			return nil, "", false
		}
	}
	return func(s *ndcg.Settings) { s.Zero = z }, "When IDCG is 0, NDCG is taken as " + grade(z) + " now.", true
}

// idcgSaid says where the ideal comes from now.
func idcgSaid(src ndcg.IDCGSource) string {
	if src == ndcg.FromJudged {
		return "The ideal is built from every judged item now, the pool the list missed too (trec_eval's way)."
	}
	return "The ideal is built from the list's own grades now (scikit-learn's way)."
}

// setting changes a convention, recomputes and says the sums.
func (x *session) setting(change func(*ndcg.Settings), said string) {
	old := x.s
	x.changed("the conventions are " + conventionsShort(old) + " again")
	change(&x.s)
	if err := x.compute(); err != nil {
		x.s = old
		x.undo = x.undo[:len(x.undo)-1]
		x.say("Not changed: %v.", err)
		return
	}
	x.say("%s %s", said, summary(x.r, x.hide))
}
