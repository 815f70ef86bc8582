package learn

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Answer is one step's answer, for the instructor's key.
type Answer struct {
	Step   int     `json:"step"`
	Title  string  `json:"title"`
	Answer float64 `json:"answer"`
}

// Answers are the path's answers, each rounded to four decimals (or
// to the decimals its question asks for, if more; a k or a rank is a
// whole number): what a learner's
// answer is checked against, without float noise.
func (p *Path) Answers() ([]Answer, error) {
	out := make([]Answer, len(p.Steps))
	for i, s := range p.Steps {
		t, err := s.Truth()
		if err != nil {
			return nil, fmt.Errorf("step %d (%s): %w", i+1, s.Title, err)
		}
		d := max(4, s.MinDecimals())
		r, _ := strconv.ParseFloat(strconv.FormatFloat(t, 'f', d, 64), 64)
		if r == 0 {
			r = math.Abs(r) // never -0
		}
		out[i] = Answer{Step: i + 1, Title: s.Title, Answer: r}
	}
	return out, nil
}

// WriteAnswers writes the answer key: a line a step (number, title,
// answer), or with asJSON {"steps":[{"step":1,"title":…,"answer":…}]}.
func (p *Path) WriteAnswers(w io.Writer, asJSON bool) error {
	as, err := p.Answers()
	if err != nil {
		return err
	}
	if asJSON {
		b, err := json.Marshal(struct {
			Steps []Answer `json:"steps"`
		}{as})
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	}
	width := 0
	for _, a := range as {
		width = max(width, len(a.Title))
	}
	var b strings.Builder
	for i, a := range as {
		label := p.Steps[i].Label()
		d := max(4, p.Steps[i].MinDecimals())
		if p.Steps[i].Whole() {
			d = 0 // a k or a rank
		}
		fmt.Fprintf(&b, "%2d  %-*s  %s = %s\n", a.Step, width, a.Title, label,
			strconv.FormatFloat(a.Answer, 'f', d, 64))
	}
	_, err = io.WriteString(w, b.String())
	return err
}
