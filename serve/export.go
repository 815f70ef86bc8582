package serve

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// maxPastRounds bounds the rounds the room keeps for the export.
const maxPastRounds = 1000

// RoundResult is one answer of one round, as the export writes it.
type RoundResult struct {
	Round    int     `json:"round"`
	Seed     int64   `json:"seed"`
	Question int     `json:"question"`
	K        int     `json:"k"`
	True     float64 `json:"true_ndcg"`
	Name     string  `json:"name"`
	Answer   string  `json:"answer"`
	// Verdict is right, wrong or "not a number".
	Verdict string `json:"verdict"`
	// Diagnosis is what check finds behind a wrong answer
	// (verdict.Diagnose), empty for a right one.
	Diagnosis string `json:"diagnosis,omitempty"`
}

// verdict judges one answer to the round as the tally does.
func (rd *Round) verdict(text string) (judged, why string, trueValue float64) {
	s := rd.Conventions()
	r, err := ndcg.Compute(rd.Question.List, s)
	if err != nil {
		return "not computable", err.Error(), 0
	}
	w, err := verify.ParseWritten(strings.TrimSpace(text))
	switch {
	case err != nil:
		return "not a number", "", r.NDCG()
	case w.Holds(r.NDCG()):
		return "right", "", r.NDCG()
	}
	return "wrong", verdict.Diagnose(rd.Question.List, s, w), r.NDCG()
}

// Results are every answer of every round the room has run, in the
// order of the rounds and, in each, of the answers.
func (r *Room) Results() []RoundResult {
	r.mu.Lock()
	rounds := append([]*Round(nil), r.past...)
	if r.round != nil {
		rounds = append(rounds, r.round)
	}
	type given struct {
		rd *Round
		a  answer
	}
	var all []given
	for _, rd := range rounds {
		for _, id := range rd.order {
			all = append(all, given{rd: rd, a: rd.answers[id]})
		}
	}
	r.mu.Unlock()
	out := make([]RoundResult, 0, len(all))
	for _, g := range all {
		v, why, tv := g.rd.verdict(g.a.text)
		out = append(out, RoundResult{Round: g.rd.ID, Seed: g.rd.Seed, Question: g.rd.Number, K: g.rd.Question.K, True: tv,
			Name: g.a.name, Answer: g.a.text, Verdict: v, Diagnosis: why})
	}
	return out
}

// WriteCSV writes the results as CSV, one answer a row, under a header.
func WriteCSV(w io.Writer, results []RoundResult) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"round", "seed", "question", "k", "true_ndcg", "name", "answer", "verdict", "diagnosis"})
	for _, r := range results {
		_ = cw.Write([]string{fmt.Sprint(r.Round), fmt.Sprint(r.Seed), fmt.Sprint(r.Question), fmt.Sprint(r.K),
			fmt.Sprintf("%.4f", r.True), csvSafe(r.Name), csvSafe(r.Answer), r.Verdict, r.Diagnosis})
	}
	cw.Flush()
	return cw.Error()
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

// ExportRounds writes every round's results into dir as
// rounds-TIME.csv and rounds-TIME.json; it returns the CSV's path, or ""
// when no round has an answer.
func (s *Server) ExportRounds(dir string, at time.Time) (string, error) {
	results := s.room.Results()
	if len(results) == 0 {
		return "", nil
	}
	if dir == "" {
		return "", fmt.Errorf("no --state-dir to export the rounds into")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	base := filepath.Join(dir, "rounds-"+at.Format("20060102-150405"))
	var b strings.Builder
	if err := WriteCSV(&b, results); err != nil {
		return "", err
	}
	if err := writeAtomic(base+".csv", []byte(b.String()), 0o600); err != nil {
		return "", err
	}
	data, err := json.MarshalIndent(results, "", " ")
	if err != nil {
		return "", err
	}
	if err := writeAtomic(base+".json", append(data, '\n'), 0o600); err != nil {
		return "", err
	}
	return base + ".csv", nil
}
