package accessible

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// session is one list explored a line at a time.
type session struct {
	name string
	list *ndcg.List
	s    ndcg.Settings
	r    *ndcg.Result
	out  io.Writer
	// hide keeps the guided path's answers unsaid (lesson.go); nil
	// outside it.
	hide func(float64, int) bool
	// noEdit refuses grade edits, with what to do instead: the path's
	// question is asked of its list as it is.
	noEdit string
	// undo holds what each change replaced, the last one last.
	undo []before
}

// before is the list and conventions as they were before a change, and
// what the change was.
type before struct {
	list *ndcg.List
	s    ndcg.Settings
	what string
}

// changed keeps what a change is about to replace, for undo.
func (x *session) changed(what string) {
	x.undo = append(x.undo, before{x.list.Clone(), x.s, what})
}

// Explore reads commands from in, a line each, and answers each on out,
// on the list named name under s, until "quit" or the end of in.
func Explore(in io.Reader, out io.Writer, name string, list *ndcg.List, s ndcg.Settings) error {
	x := &session{name: name, list: list.Clone(), s: s, out: out}
	if err := x.compute(); err != nil {
		return err
	}
	x.say("%s", sentence(name))
	x.list_()
	x.say("Type a command and press enter; help lists them, quit ends.")
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		if !x.command(sc.Text()) {
			return nil
		}
	}
	return sc.Err()
}

func (x *session) say(format string, a ...any) { fmt.Fprintf(x.out, format+"\n", a...) }

func (x *session) compute() error {
	r, err := ndcg.Compute(x.list, x.s)
	if err != nil {
		return err
	}
	x.r = r
	return nil
}

// helpLines are the commands, a line each.
var helpLines = []string{
	"list: the ranks, their items and grades, and the sums at k.",
	"rank 2: what rank 2 adds.",
	"grade 2 3: set rank 2's grade to 3.",
	"k 3: the cutoff, a number, or all; k up and k down step it.",
	"ties worst: the tie policy, one of worst, expected, best, input or docno; ties alone, the next.",
	"gain linear: the gain, exp or linear; gain alone, the other.",
	"idcg judged: the ideal from every judged item, the pool too (trec_eval), or from the list; idcg alone, the other.",
	"zero 1: what NDCG is when IDCG is 0, 0 or 1; zero alone, the other.",
	"pool: the judged items the list did not retrieve.",
	"groups: the tie groups, their ranks and grades, whether k cuts them, and NDCG@k over every order.",
	"working: DCG, IDCG and NDCG at k written out term by term.",
	"check ndcg 0.76: check a number worked out by hand; also check dcg and check idcg.",
	"undo: takes the last change back.",
	"conventions: the conventions in force, and NDCG@k under each tool's.",
	"quit: the end.",
}

// command runs one line; false ends the session.
func (x *session) command(line string) bool {
	f := strings.Fields(strings.ToLower(line))
	if len(f) == 0 {
		return true
	}
	arg := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	if c, ok := conventionCommands[f[0]]; ok {
		x.convention(c, arg(1))
		return true
	}
	switch f[0] {
	case "quit", "exit", "q", "bye":
		x.say("Goodbye.")
		return false
	case "help", "?", "h":
		x.say("Commands:")
		for _, l := range helpLines {
			x.say("%s", l)
		}
	case "list", "ls", "l":
		x.list_()
	case "conventions":
		x.say("%s", conventions(x.s))
		x.say("%s", x.eachTool())
	case "pool":
		x.pool()
	case "groups", "group":
		x.groups()
	case "rank", "r":
		if i, ok := x.rankArg(arg(1), "rank 2"); ok {
			x.say("%s", rankSentence(x.r, i, x.hide))
		}
	case "grade", "g":
		x.grade(arg(1), arg(2))
	case "k":
		x.cutoff(arg(1))
	case "working", "work", "w":
		x.working()
	case "check", "c":
		x.check(arg(1), arg(2))
	case "undo", "u":
		x.undoLast()
	default:
		x.say("%q is not a command here. Type help for the commands.", f[0])
	}
	return true
}

// pool says the judged items the list did not retrieve, and whether
// the ideal counts them.
func (x *session) pool() {
	if len(x.list.Pool) == 0 {
		x.say("No pool: the list holds every judged item, so the ideal is the same from the list or from the judgments.")
		return
	}
	items := make([]string, len(x.list.Pool))
	for i, p := range x.list.Pool {
		items[i] = fmt.Sprintf("%s, grade %s", p.ID, grade(p.Grade))
	}
	x.say("The pool holds %d judged items the list did not retrieve: %s.", len(items), strings.Join(items, "; "))
	if x.s.IDCG == ndcg.FromJudged {
		x.say("The ideal counts them now (idcg judged).")
	} else {
		x.say("The ideal leaves them out now; idcg judged counts them.")
	}
}

// groups says each tie group: its ranks, its grades, whether k cuts
// it, and then the band over every order of the ties.
func (x *session) groups() {
	if len(x.r.Ties) == 0 {
		x.say("No scores tie: the list has one order.")
		return
	}
	for i, g := range x.r.Ties {
		grades := make([]string, 0, g.Size())
		for rk := g.Start; rk < g.End; rk++ {
			grades = append(grades, grade(x.r.Row(rk).Grade))
		}
		cut := "k=" + x.s.KString() + " does not cut it"
		if g.Straddles(x.r.K) {
			cut = "k=" + x.s.KString() + " cuts it: which of them count depends on their order"
		}
		x.say("Tie group %s: ranks %d to %d, score %s, grades %s; %s.", ndcg.TieLabel(i+1), g.Start+1, g.End,
			ndcg.FormatNumber(g.Score), strings.Join(grades, ", "), cut)
	}
	x.say("%s; ties %s now.", band(x.r, x.hide), x.s.Ties)
}

// eachTool says NDCG@k under each tool's conventions, the cutoff kept.
func (x *session) eachTool() string {
	var parts []string
	for _, v := range explain.SideBySide(x.list, x.s) {
		if v.Err != nil {
			parts = append(parts, v.Preset.Name+" cannot say")
			continue
		}
		parts = append(parts, v.Preset.Name+" "+num(v.NDCG, 3, x.hide))
	}
	return fmt.Sprintf("%s under each tool's conventions: %s.", at("NDCG", x.s), strings.Join(parts, ", "))
}

// rankArg reads a rank, from 1; it says what is wrong when it is none.
func (x *session) rankArg(a, example string) (int, bool) {
	n, err := strconv.Atoi(a)
	if x.r.N == 0 {
		x.say("The list has no items: give a list with grades, as in ndcg-explorer --accessible --grades 3,2,3,0,1.")
		return 0, false
	}
	if err != nil || n < 1 || n > x.r.N {
		x.say("Which rank? Give a number from 1 to %d, as in %s.", x.r.N, example)
		return 0, false
	}
	return n - 1, true
}

// shown is the most ranks a list or a working says one by one: a long
// list read aloud whole would bury the sums under it.
const shown = 20

// list_ says the list: how it is ranked, each rank's item, grade and
// score, the conventions, and the sums at k.
func (x *session) list_() {
	how := "in the list's order"
	if x.list.Scored() {
		how = "by score"
	}
	x.say("%d items, ranked %s.", x.r.N, how)
	for i := range min(x.r.N, shown) {
		row := x.r.Row(i)
		line := fmt.Sprintf("Rank %d: %s", row.Rank, row.Item.ID)
		if row.Item.Title != "" {
			line += ", " + row.Item.Title
		}
		line += ", grade " + grade(row.Grade)
		if row.Item.HasScore {
			line += ", score " + ndcg.FormatNumber(row.Item.Score)
		}
		if row.Tied {
			line += ", tied in group " + ndcg.TieLabel(row.Tie)
		}
		x.say("%s.", line)
	}
	if x.r.N > shown {
		x.say("Ranks %d to %d are not listed: rank N says one.", shown+1, x.r.N)
	}
	x.say("%s", conventions(x.s))
	x.say("%s", summary(x.r, x.hide))
}

// grade sets a rank's grade and says what the rank adds now, then the
// sums.
func (x *session) grade(rank, value string) {
	if x.noEdit != "" {
		x.say("%s", x.noEdit)
		return
	}
	i, ok := x.rankArg(rank, "grade 2 3")
	if !ok {
		return
	}
	g, err := strconv.ParseFloat(value, 64)
	if err == nil {
		err = ndcg.CheckGrade(g)
	}
	if err == nil {
		err = x.s.Gain.Check(g)
	}
	if err != nil {
		x.say("Grade what? Give a grade of 0 or more after the rank, as in grade %d 3.", i+1)
		return
	}
	idx := x.r.Row(i).Index
	old := x.list.Items[idx].Grade
	x.changed(fmt.Sprintf("rank %d's grade is %s again", i+1, grade(old)))
	x.list.Items[idx].Grade = g
	if err := x.compute(); err != nil {
		x.list.Items[idx].Grade = old
		x.undo = x.undo[:len(x.undo)-1]
		x.say("Not set: %v.", err)
		return
	}
	x.say("%s %s", rankSentence(x.r, i, x.hide), summary(x.r, x.hide))
}

// cutoff sets k: a number, all, or up and down by one, as the
// explorer's ] and [ step it.
func (x *session) cutoff(a string) {
	k := 0
	switch {
	case a == "up" && x.s.K != 0:
		if k = x.s.K + 1; k >= x.r.N {
			k = 0
		}
	case a == "down" && x.s.K == 0:
		k = max(x.r.N-1, 1)
	case a == "down":
		k = max(x.s.K-1, 1)
	case a == "up", a == "all":
	default:
		n, err := strconv.Atoi(a)
		if err != nil || n < 1 {
			x.say("k what? Give a number of ranks, 1 or more, or all, as in k 3.")
			return
		}
		if n < x.r.N {
			k = n
		}
	}
	x.setting(func(s *ndcg.Settings) { s.K = k }, "k is "+map[bool]string{true: "all", false: strconv.Itoa(k)}[k == 0]+" now.")
}

// undoLast takes the last change back and says what is back.
func (x *session) undoLast() {
	if len(x.undo) == 0 {
		x.say("Nothing to undo.")
		return
	}
	b := x.undo[len(x.undo)-1]
	x.undo = x.undo[:len(x.undo)-1]
	x.list, x.s = b.list, b.s
	if err := x.compute(); err != nil {
		x.say("Not undone: %v.", err)
		return
	}
	x.say("Undone: %s. %s", b.what, summary(x.r, x.hide))
}

// working writes DCG@k, IDCG@k and NDCG@k out term by term; past
// shown ranks, the terms beyond are said as their sum.
func (x *session) working() {
	r := x.r
	x.say("DCG@%s adds gain times discount over ranks 1 to %d.", x.s.KString(), r.K)
	var terms, ideal []float64
	for i := range r.K {
		if i < shown {
			x.say("%s", rankSentence(r, i, x.hide))
		}
		terms = append(terms, r.Row(i).Contribution)
	}
	var grades []string
	for i := range r.IdealK {
		grades = append(grades, grade(r.IdealGrade(i)))
		ideal = append(ideal, r.IdealGain(i)*r.Discounts[i])
	}
	x.say("%s = %s = %s.", at("DCG", x.s), x.sum(terms), num(r.DCG(), 4, x.hide))
	more := ""
	if len(grades) > shown {
		more = fmt.Sprintf(", and %d more", len(grades)-shown)
	}
	x.say("The ideal order puts the grades best first; its top %d: %s%s.", len(grades), strings.Join(grades[:min(len(grades), shown)], ", "), more)
	x.say("%s = %s = %s.", at("IDCG", x.s), x.sum(ideal), num(r.IDCG(), 4, x.hide))
	if r.IDCG() == 0 {
		x.say("%s", summary(r, x.hide))
		return
	}
	x.say("%s = %s / %s = %s.", at("NDCG", x.s), num(r.DCG(), 4, x.hide), num(r.IDCG(), 4, x.hide), num(r.NDCG(), 4, x.hide))
}

// sum writes terms added up, the first shown of them one by one and
// the rest as their sum.
func (x *session) sum(terms []float64) string {
	if len(terms) <= shown {
		return sumOf(terms, x.hide)
	}
	rest := 0.0
	for _, t := range terms[shown:] {
		rest += t
	}
	return fmt.Sprintf("%s + %s (ranks %d to %d)", sumOf(terms[:shown], x.hide), num(rest, 3, x.hide), shown+1, len(terms))
}

// check checks a number worked out by hand and says package verdict's
// verdict.
func (x *session) check(what, value string) {
	w, err := verify.ParseWritten(value)
	if err != nil || value == "" {
		x.say("Check what? Say check ndcg, check dcg or check idcg, then the number, as in check ndcg 0.76.")
		return
	}
	c, ok := claimOf(what, w)
	if !ok {
		x.say("Check what? Say check ndcg, check dcg or check idcg, then the number, as in check ndcg 0.76.")
		return
	}
	rep, err := verify.Check(x.list, x.s, c)
	if err != nil {
		x.say("Not checked: %v.", err)
		return
	}
	WriteClaims(x.out, rep)
}

// claimOf is the claim "check WHAT N" makes: w as the NDCG, DCG or
// IDCG what names, or false when it names none of them.
func claimOf(what string, w verify.Written) (verify.Claims, bool) {
	var c verify.Claims
	switch what {
	case "ndcg":
		c.NDCG = &w
	case "dcg":
		c.DCG = &w
	case "idcg":
		c.IDCG = &w
	default:
		return c, false
	}
	return c, true
}
