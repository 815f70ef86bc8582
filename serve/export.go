package serve

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// The export: one file pair per class (Room.class), updated in place at
// each F9 and stop, earlier classes kept beside it by their date:
//
//	class-DATE.csv         one row per attendee and round, answered or not
//	class-DATE-grades.csv  one row per attendee: the gradebook's import
//	class-DATE.json        both, with each round's settings and grades
//
// docs/workshop.md documents the columns.

// maxPastRounds bounds the rounds the room keeps for the export.
const maxPastRounds = 1000

// RoundResult is one answer of one round, as the take-home report
// gives it.
type RoundResult struct {
	Round    int     `json:"round"`
	Seed     int64   `json:"seed"`
	Question int     `json:"question"`
	K        int     `json:"k"`
	True     float64 `json:"true_ndcg"`
	Name     string  `json:"name"`
	Answer   string  `json:"answer"`
	// ID is the attendee's (Member.ID): a take-home report finds their
	// answers by it, never by a display name another may have had.
	ID int `json:"-"`
	// Verdict is right, wrong or "not a number".
	Verdict string `json:"verdict"`
	// Diagnosis is what check finds behind a wrong answer
	// (verdict.Diagnose), empty for a right one.
	Diagnosis string `json:"diagnosis,omitempty"`
	// Mistake is the catalogue's id of the mistake behind a wrong answer
	// (verify.Diagnosis.Key: "gain_linear", or two that fit joined by
	// " | "), for a spreadsheet to count by; empty when none is found.
	Mistake string `json:"mistake_id,omitempty"`
}

// ClassRound is one round of the class: its question, conventions and
// whether it was closed (F4, or its timer) before the export.
type ClassRound struct {
	Round    int    `json:"round"`
	Seed     int64  `json:"seed"`
	Question int    `json:"question"`
	K        int    `json:"k"`
	Settings string `json:"settings"`
	// Grades are the question's list's grades, in its order.
	Grades []float64 `json:"grades"`
	True   float64   `json:"true_ndcg"`
	Closed bool      `json:"closed"`
}

// RosterRow is one attendee in one round: their answer, or none.
type RosterRow struct {
	Round    int    `json:"round"`
	Attendee int    `json:"attendee"`
	Name     string `json:"name"`
	Answered bool   `json:"answered"`
	Answer   string `json:"answer,omitempty"`
	// Verdict is right, wrong, "not a number" or "no answer".
	Verdict   string `json:"verdict"`
	Mistake   string `json:"mistake_id,omitempty"`
	Diagnosis string `json:"diagnosis,omitempty"`
}

// GradeRow is one attendee's grade over the class's closed rounds.
type GradeRow struct {
	Attendee int    `json:"attendee"`
	Name     string `json:"name"`
	Right    int    `json:"right"`
	// OutOf is the rounds closed: one not answered counts as wrong.
	OutOf   int     `json:"out_of"`
	Percent float64 `json:"percent"`
	// Rounds are 1 (right) or 0 (wrong or not answered) per closed
	// round, in order; nil for a round still open.
	Rounds []*int `json:"rounds"`
}

// ClassExport is the whole export of a class.
type ClassExport struct {
	Class    time.Time    `json:"class"`
	Exported time.Time    `json:"exported"`
	Rounds   []ClassRound `json:"rounds"`
	Roster   []RosterRow  `json:"roster"`
	Grades   []GradeRow   `json:"grades"`
}

// judged is an answer to a round, judged as the tally judges it.
type judged struct {
	verdict, why, mistake string
	right                 bool
	trueValue             float64
}

// judge judges one answer to the round as the tally does.
func (rd *Round) judge(text string) judged {
	s := rd.Conventions()
	r, err := ndcg.Compute(rd.Question.List, s)
	if err != nil {
		return judged{verdict: "not computable", why: err.Error()}
	}
	w, err := verify.ParseWritten(strings.TrimSpace(text))
	switch {
	case err != nil:
		return judged{verdict: "not a number", trueValue: r.NDCG()}
	case w.Holds(r.NDCG()):
		return judged{verdict: "right", right: true, trueValue: r.NDCG()}
	}
	f := verdict.FindingOf(rd.Question.List, s, w)
	return judged{verdict: "wrong", why: f.Summary(), mistake: string(f.Diagnosis.Key()), trueValue: r.NDCG()}
}

// rounds are the room's rounds, in order, the one under way last.
func (r *Room) allRounds() []*Round {
	rounds := slices.Clone(r.past)
	if r.round != nil {
		rounds = append(rounds, r.round)
	}
	return rounds
}

// Results are every answer of every round the room has run, in the
// order of the rounds and, in each, of the answers.
func (r *Room) Results() []RoundResult {
	r.mu.Lock()
	type given struct {
		rd *Round
		id int
		a  answer
	}
	var all []given
	for _, rd := range r.allRounds() {
		for _, id := range rd.order {
			all = append(all, given{rd: rd, id: id, a: rd.answers[id]})
		}
	}
	r.mu.Unlock()
	out := make([]RoundResult, 0, len(all))
	for _, g := range all {
		j := g.rd.judge(g.a.text)
		out = append(out, RoundResult{Round: g.rd.ID, Seed: g.rd.Seed, Question: g.rd.Number, K: g.rd.Question.K, True: j.trueValue,
			Name: g.a.name, ID: g.id, Answer: g.a.text, Verdict: j.verdict, Diagnosis: j.why, Mistake: j.mistake})
	}
	return out
}

// Export is the class as the export writes it, at the time at: every
// attendee the room knows (connected, kept, or known by an answer) in
// every round.
func (r *Room) Export(at time.Time) ClassExport {
	r.mu.Lock()
	names := map[int]string{}
	for id, m := range r.members {
		names[id] = m.Name
	}
	for _, k := range r.left {
		names[k.id] = k.name
	}
	rounds := r.allRounds()
	answers := make([]map[int]answer, len(rounds))
	closed := make([]bool, len(rounds))
	for i, rd := range rounds {
		answers[i] = maps(rd.answers)
		closed[i] = rd.Ended
		for id, a := range rd.answers {
			if _, ok := names[id]; !ok {
				names[id] = a.name
			}
		}
	}
	class := r.class
	r.mu.Unlock()
	ids := make([]int, 0, len(names))
	for id := range names {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	out := ClassExport{Class: class.UTC(), Exported: at.UTC()}
	grades := make(map[int]*GradeRow, len(ids))
	for _, id := range ids {
		grades[id] = &GradeRow{Attendee: id, Name: names[id]}
	}
	for i, rd := range rounds {
		cr := ClassRound{Round: rd.ID, Seed: rd.Seed, Question: rd.Number, K: rd.Question.K, Settings: rd.Conventions().String(), Closed: closed[i]}
		for _, it := range rd.Question.List.Items {
			cr.Grades = append(cr.Grades, it.Grade)
		}
		if res, err := ndcg.Compute(rd.Question.List, rd.Conventions()); err == nil {
			cr.True = res.NDCG()
		}
		out.Rounds = append(out.Rounds, cr)
		for _, id := range ids {
			row := RosterRow{Round: rd.ID, Attendee: id, Name: names[id], Verdict: "no answer"}
			a, ok := answers[i][id]
			right := false
			if ok {
				j := rd.judge(a.text)
				row.Answered, row.Answer, row.Verdict, row.Mistake, row.Diagnosis = true, a.text, j.verdict, j.mistake, j.why
				right = j.right
			}
			out.Roster = append(out.Roster, row)
			g := grades[id]
			if !closed[i] {
				g.Rounds = append(g.Rounds, nil)
				continue
			}
			mark := boolInt(right)
			g.Rounds = append(g.Rounds, &mark)
			g.OutOf++
			g.Right += mark
		}
	}
	for _, id := range ids {
		g := grades[id]
		if g.OutOf > 0 {
			g.Percent = float64(g.Right) * 100 / float64(g.OutOf)
		}
		out.Grades = append(out.Grades, *g)
	}
	return out
}

func maps(m map[int]answer) map[int]answer {
	c := make(map[int]answer, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// RosterHeader and GradesHeader are the export's CSV columns
// (docs/workshop.md says what each holds).
var (
	RosterHeader = []string{"class", "round", "closed", "seed", "question", "k", "settings", "grades", "true_ndcg",
		"attendee", "name", "answered", "answer", "verdict", "mistake_id", "diagnosis"}
	GradesHeader = []string{"attendee", "name", "right", "out_of", "percent"}
)

// WriteRoster writes the roster as CSV: a row per attendee and round.
func WriteRoster(w io.Writer, e ClassExport) error {
	cw := csv.NewWriter(w)
	_ = cw.Write(RosterHeader)
	byRound := map[int]ClassRound{}
	for _, r := range e.Rounds {
		byRound[r.Round] = r
	}
	class := e.Class.Format(time.RFC3339)
	for _, row := range e.Roster {
		r := byRound[row.Round]
		grades := make([]string, len(r.Grades))
		for i, g := range r.Grades {
			grades[i] = strconv.FormatFloat(g, 'f', -1, 64)
		}
		_ = cw.Write([]string{class, strconv.Itoa(r.Round), yesNo(r.Closed), strconv.FormatInt(r.Seed, 10), strconv.Itoa(r.Question),
			strconv.Itoa(r.K), r.Settings, strings.Join(grades, " "), fmt.Sprintf("%.4f", r.True),
			strconv.Itoa(row.Attendee), csvSafe(row.Name), yesNo(row.Answered), csvSafe(row.Answer), row.Verdict, row.Mistake, row.Diagnosis})
	}
	cw.Flush()
	return cw.Error()
}

// WriteGrades writes the gradebook as CSV: a row per attendee, their
// right answers of the closed rounds, then a column per round (1 right,
// 0 wrong or not answered, empty for a round still open).
func WriteGrades(w io.Writer, e ClassExport) error {
	cw := csv.NewWriter(w)
	header := slices.Clone(GradesHeader)
	for _, r := range e.Rounds {
		header = append(header, fmt.Sprintf("round %d", r.Round))
	}
	_ = cw.Write(header)
	for _, g := range e.Grades {
		row := []string{strconv.Itoa(g.Attendee), csvSafe(g.Name), strconv.Itoa(g.Right), strconv.Itoa(g.OutOf), fmt.Sprintf("%.1f", g.Percent)}
		for _, m := range g.Rounds {
			cell := ""
			if m != nil {
				cell = strconv.Itoa(*m)
			}
			row = append(row, cell)
		}
		_ = cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// csvSafe keeps a cell typed by an attendee from being read as a
// formula by a spreadsheet (=, +, - and @ lead one): a quote goes first,
// as OWASP advises. A number (-0.5) is left as it is.
func csvSafe(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return s
	}
	if _, err := verify.ParseWritten(s); err == nil {
		return s
	}
	return "'" + s
}

// ExportRounds writes the class's export into dir (class-DATE.csv,
// class-DATE-grades.csv and class-DATE.json, DATE when the class
// began), over the files an earlier export of the same class wrote;
// at is the export's time. It returns the roster's path, or "" when
// the class has run no round.
func (s *Server) ExportRounds(dir string, at time.Time) (string, error) {
	e := s.room.Export(at)
	if len(e.Rounds) == 0 {
		return "", nil
	}
	if dir == "" {
		return "", fmt.Errorf("no --state-dir to export the rounds into")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	base := filepath.Join(dir, "class-"+e.Class.Local().Format("20060102-150405"))
	var roster, grades strings.Builder
	if err := WriteRoster(&roster, e); err != nil {
		return "", err
	}
	if err := WriteGrades(&grades, e); err != nil {
		return "", err
	}
	data, err := json.MarshalIndent(e, "", " ")
	if err != nil {
		return "", err
	}
	for path, content := range map[string][]byte{base + ".csv": []byte(roster.String()), base + "-grades.csv": []byte(grades.String()),
		base + ".json": append(data, '\n')} {
		if err := writeAtomic(path, content, 0o600); err != nil {
			return "", err
		}
	}
	return base + ".csv", nil
}

// ExportedBeside is what the messages after an export add to the
// roster's path: the other files it wrote.
const ExportedBeside = "(the gradebook's -grades.csv and the .json beside it)"
