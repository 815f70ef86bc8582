package ndcg

import (
	"fmt"
	"math"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Item is one retrieved result.
type Item struct {
	// ID is unique in the list (and its pool).
	ID    string
	Title string
	// Grade is the relevance judgement, a finite real ≥ 0.
	Grade float64
	// Score is the system's score; it counts only when HasScore is set.
	Score    float64
	HasScore bool
}

// Judged is an item of the pool: judged relevant or not, but not retrieved.
type Judged struct {
	ID    string
	Grade float64
}

// List is a ranked list: items in input order and an optional pool of
// judged items the system did not retrieve.
type List struct {
	Items []Item
	Pool  []Judged
}

// Scored reports whether the list is ranked by score (every item has one).
func (l *List) Scored() bool {
	return len(l.Items) > 0 && l.Items[0].HasScore
}

// Clone returns a deep copy.
func (l *List) Clone() *List {
	return &List{Items: append([]Item(nil), l.Items...), Pool: append([]Judged(nil), l.Pool...)}
}

// ItemError is an invalid field of one item; readers add the file and
// line it came from.
type ItemError struct {
	// Index is the 0-based position in Items, or in Pool when InPool.
	Index  int
	InPool bool
	ID     string
	// Field is "id", "grade" or "score".
	Field string
	Msg   string
	// Err is the error Msg came from, if any (a *GainError, say).
	Err error
}

// Unwrap gives the error the message came from.
func (e *ItemError) Unwrap() error { return e.Err }

// GainError is a grade, or a sum of gains, too large for a float64 under
// the gain in force. Choosing another gain is done differently in each
// interface (a flag, a key), so each adds that advice in its own words
// when Gain is GainExp, where the linear gain is the usual way out.
type GainError struct {
	Gain GainKind
	Msg  string
}

func (e *GainError) Error() string { return e.Msg }

func (e *ItemError) Error() string {
	where := "item"
	if e.InPool {
		where = "pool item"
	}
	id := ""
	if e.ID != "" {
		id = fmt.Sprintf(" (id %s)", termsafe.Quote(e.ID))
	}
	return fmt.Sprintf("%s %d%s: %s: %s", where, e.Index+1, id, e.Field, e.Msg)
}

// CheckGrade reports a grade that is not a finite real ≥ 0.
func CheckGrade(g float64) error {
	switch {
	case math.IsNaN(g) || math.IsInf(g, 0):
		return fmt.Errorf("grade %s is not a finite number", fmtNum(g))
	case g < 0:
		return fmt.Errorf("grade %s is negative; grades are ≥ 0", fmtNum(g))
	}
	return nil
}

// CheckScore reports a score that is not a finite real.
func CheckScore(s float64) error {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return fmt.Errorf("score %s is not a finite number", fmtNum(s))
	}
	return nil
}

// Validate reports the first problem that makes the list unusable under
// s: a grade or score that is not finite, a negative grade, a grade the
// gain cannot take, some items scored and others not, a duplicate id.
// The error is an *ItemError.
//
// A valid list costs one pass with the engine's own id hashing (lists
// of a million items are read and checked on start-up); only a list
// with a problem is checked again item by item for the message.
func (l *List) Validate(s Settings) error {
	sc := getScratch(len(l.Items) + len(l.Pool))
	ok := sc.check(l, s)
	putScratch(sc, len(l.Items)+len(l.Pool))
	if ok {
		return nil
	}
	return l.validate(s)
}

// validate is Validate item by item, saying what is wrong first.
func (l *List) validate(s Settings) error {
	seen := make(map[string]int, len(l.Items)+len(l.Pool))
	scored := l.Scored()
	checkGrade := func(g float64) error {
		if err := CheckGrade(g); err != nil {
			return err
		}
		if s.TruncateGrades {
			g = math.Trunc(g)
		}
		return s.Gain.Check(g)
	}
	for i, it := range l.Items {
		fail := func(field, msg string) error {
			return &ItemError{Index: i, ID: it.ID, Field: field, Msg: msg}
		}
		if err := checkGrade(it.Grade); err != nil {
			return &ItemError{Index: i, ID: it.ID, Field: "grade", Msg: err.Error(), Err: err}
		}
		if it.HasScore != scored {
			if scored {
				return fail("score", "missing, but the first item has a score; give every item a score or none")
			}
			return fail("score", "given, but the first item has none; give every item a score or none")
		}
		if scored {
			if err := CheckScore(it.Score); err != nil {
				return fail("score", err.Error())
			}
		}
		if j, dup := seen[it.ID]; dup {
			return fail("id", fmt.Sprintf("%s is also item %d's id; ids must be unique", termsafe.Quote(it.ID), j+1))
		}
		seen[it.ID] = i
	}
	for i, p := range l.Pool {
		fail := func(field, msg string) error {
			return &ItemError{Index: i, InPool: true, ID: p.ID, Field: field, Msg: msg}
		}
		if err := checkGrade(p.Grade); err != nil {
			return &ItemError{Index: i, InPool: true, ID: p.ID, Field: "grade", Msg: err.Error(), Err: err}
		}
		if j, dup := seen[p.ID]; dup {
			return fail("id", fmt.Sprintf("%s is also item %d's id; a pool item must not be in the list", termsafe.Quote(p.ID), j+1))
		}
		seen[p.ID] = -1
	}
	return nil
}

// DefaultID names the item at 0-based position i as a spreadsheet names
// columns: A, B, …, Z, AA, AB, …
func DefaultID(i int) string {
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append([]byte{byte('A' + (i-1)%26)}, b...)
	}
	return string(b)
}

// FromGrades builds a list from grades in ranking order and optional
// scores (nil for none), naming the items A, B, C, …
func FromGrades(grades, scores []float64) (*List, error) {
	if scores != nil && len(scores) != len(grades) {
		return nil, fmt.Errorf("%d grades but %d scores; give one score per grade", len(grades), len(scores))
	}
	l := &List{Items: make([]Item, len(grades))}
	for i, g := range grades {
		l.Items[i] = Item{ID: DefaultID(i), Grade: g}
		if scores != nil {
			l.Items[i].Score, l.Items[i].HasScore = scores[i], true
		}
	}
	return l, nil
}

// FormatNumber prints a number in the shortest form that reads back exactly.
func FormatNumber(x float64) string { return fmtNum(x) }
