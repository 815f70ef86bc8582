package learn

import (
	_ "embed"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// A lesson file is markdown an instructor edits: a "# " title, then a
// step per "## " heading. Under the heading, lines "field: value" up to
// the first blank line say what the step is; the paragraphs after it
// are its instruction, what the learner reads. docs/teaching.md
// ("Writing a lesson") documents the fields; the built-in path is such
// a file (path.md), embedded, and `learn --export` writes it out.

//go:embed path.md
var builtinFile []byte

// Builtin is the built-in path's file, as `learn --export` writes it.
func Builtin() []byte { return slices.Clone(builtinFile) }

// Path is a lesson: its steps in order.
type Path struct {
	// Title is the file's "# " heading.
	Title string
	Steps []Step
}

// Count is the number of steps.
func (p *Path) Count() int { return len(p.Steps) }

// At is step n, from 1.
func (p *Path) At(n int) (Step, error) {
	if n < 1 || n > len(p.Steps) {
		return Step{}, fmt.Errorf("there is no step %d: the path has steps 1 to %d", n, len(p.Steps))
	}
	return p.Steps[n-1], nil
}

// builtin is the built-in path, read once; a file that does not read
// is a fault of the program, which the tests catch.
var builtin = func() *Path {
	p, err := Parse("path.md", builtinFile)
	if err != nil {
		panic(err)
	}
	return p
}()

// BuiltinPath is the built-in path, or the lesson Use made the
// process's.
func BuiltinPath() *Path { return builtin }

// Use makes p the path of the whole process: Steps, At, Count and
// BuiltinPath give it from then on. serve --lesson calls it before the
// room opens, so that the dashboard lists the lesson's steps and the
// attendees' screens open them; nothing else may read the steps while
// it runs. It returns the path it replaced.
func Use(p *Path) *Path {
	was := builtin
	builtin, Steps = p, p.Steps
	return was
}

// fieldNames are a step's fields, in the order the error that lists
// them gives them.
var fieldNames = []string{"list", "scores", "pool", "settings", "asked", "keys", "ask", "question", "decimals", "hint", "slip"}

// FileError is a lesson file refused: where, which field, and what to
// write instead.
type FileError struct {
	Name  string
	Line  int
	Field string
	Msg   string
}

func (e *FileError) Error() string {
	where := e.Name
	if e.Line > 0 {
		where += ":" + strconv.Itoa(e.Line)
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %s", where, e.Field, e.Msg)
	}
	return where + ": " + e.Msg
}

// ReadFile reads the lesson file at path.
func ReadFile(path string) (*Path, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the lesson: %w; ndcg-explorer learn --export > lesson.md writes one to start from", err)
	}
	return Parse(path, b)
}

// Parse reads a lesson file; name says where it came from in errors.
func Parse(name string, data []byte) (*Path, error) {
	p := &Path{}
	var st *Step
	var stepLine int
	header := false // in a step's field lines
	var body []string
	fail := func(line int, field, msg string, a ...any) error {
		return &FileError{Name: name, Line: line, Field: field, Msg: fmt.Sprintf(msg, a...)}
	}
	finish := func() error {
		if st == nil {
			return nil
		}
		st.Instruction = strings.Join(strings.Fields(strings.Join(body, " ")), " ")
		if k := unknownKey(st.Instruction); k != "" {
			return fail(stepLine, "", "step %d (%s): its instruction names the key {%s}, which is none; name one of %s", len(p.Steps)+1, st.Title, k, keyList())
		}
		if err := st.complete(); err != nil {
			return fail(stepLine, "", "step %d (%s) %s", len(p.Steps)+1, st.Title, err)
		}
		p.Steps = append(p.Steps, *st)
		st, body = nil, nil
		return nil
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	for i, line := range lines {
		n := i + 1
		switch {
		case strings.HasPrefix(line, "## "):
			if err := finish(); err != nil {
				return nil, err
			}
			st = &Step{Title: strings.TrimSpace(line[3:])}
			stepLine, header = n, true
			if st.Title == "" {
				return nil, fail(n, "", "a step's heading names it: ## the cutoff k")
			}
		case strings.HasPrefix(line, "# ") && st == nil && p.Title == "":
			p.Title = strings.TrimSpace(line[2:])
		case st == nil:
			// Words before the first step are for the instructor.
		case header && strings.TrimSpace(line) == "":
			header = false
		case header:
			field, value, ok := strings.Cut(line, ":")
			field = strings.ToLower(strings.TrimSpace(field))
			if !ok || !slices.Contains(fieldNames, field) {
				what := termsafe.Quote(strings.TrimSpace(line))
				if ok {
					what = "unknown field " + termsafe.Quote(field)
				}
				return nil, fail(n, "", "%s; a step's fields are %s (field: value, a line each, then a blank line and the instruction)",
					what, strings.Join(fieldNames, ", "))
			}
			if err := st.set(field, strings.TrimSpace(value)); err != nil {
				return nil, fail(n, field, "%s", err)
			}
		default:
			body = append(body, line)
		}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	if len(p.Steps) == 0 {
		return nil, fail(0, "", "no step: each step starts with a heading ## TITLE, then its fields (ndcg-explorer learn --export writes an example)")
	}
	if len(p.Steps) > 99 {
		return nil, fail(0, "", "%d steps: a lesson has 99 at most", len(p.Steps))
	}
	return p, nil
}

// set reads one field of the step.
func (s *Step) set(field, v string) error {
	if v == "" {
		return fmt.Errorf("empty; %s", fieldHelp[field])
	}
	var err error
	switch field {
	case "list":
		if name, ok := strings.CutPrefix(v, listio.SamplePrefix); ok {
			s.Sample = name
			_, err = listio.LoadReadOnly(v, nil, "")
			if err != nil {
				return fmt.Errorf("%v; %s", err, fieldHelp[field])
			}
			return nil
		}
		s.Grades, err = v, numbers(v)
	case "scores":
		s.Scores, err = v, numbers(v)
	case "pool":
		s.Pool, err = v, numbers(v)
	case "settings":
		s.Opens, err = ParseSettings(v)
		s.opensSet = true
	case "asked":
		s.Asked, err = ParseSettings(v)
		s.askedSet = true
	case "keys":
		for _, k := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
			if !slices.Contains(AllKeys, Key(k)) {
				return fmt.Errorf("unknown key %s; %s", termsafe.Quote(k), fieldHelp[field])
			}
			s.Keys = append(s.Keys, Key(k))
		}
	case "ask":
		f := strings.Fields(strings.ToLower(v))
		s.Finds = FindNone
		switch {
		case len(f) > 0 && (f[0] == "k" || f[0] == "rank"):
			if err := s.setFind(f); err != nil {
				return err
			}
		case len(f) == 1 && (f[0] == "dcg" || f[0] == "idcg" || f[0] == "ndcg"):
			s.Asks = map[string]verify.Quantity{"dcg": verify.DCG, "idcg": verify.IDCG, "ndcg": verify.NDCG}[f[0]]
		case len(f) == 2 && f[0] == "term":
			s.Asks, s.Rank = verify.Contribution, 0
			if r, e := strconv.Atoi(f[1]); e == nil && r >= 1 {
				s.Rank = r
			}
			if s.Rank == 0 {
				return fmt.Errorf("%s is not a rank; %s", termsafe.Quote(f[1]), fieldHelp[field])
			}
		default:
			return fmt.Errorf("%s is not a quantity; %s", termsafe.Quote(v), fieldHelp[field])
		}
		s.asksSet = true
	case "question":
		s.Question = v
	case "decimals":
		d, e := strconv.Atoi(v)
		if e != nil || d < 2 || d > 6 {
			return fmt.Errorf("%s; %s", termsafe.Quote(v), fieldHelp[field])
		}
		s.Decimals = d
	case "hint":
		s.Hint = v
	case "slip":
		num, words, _ := strings.Cut(v, " ")
		if _, e := strconv.ParseFloat(num, 64); e != nil || strings.TrimSpace(words) == "" {
			return fmt.Errorf("%s; %s", termsafe.Quote(v), fieldHelp[field])
		}
		s.Slip, s.SlipIs = num, strings.TrimSpace(words)
	}
	if err != nil {
		return fmt.Errorf("%v; %s", err, fieldHelp[field])
	}
	return nil
}

// numbers checks a list of numbers separated by commas, in the
// lesson's words; what the numbers may be (a grade ≥ 0, one score a
// grade) is checked as the step's list is built.
func numbers(v string) error {
	for i, f := range strings.Split(v, ",") {
		if _, err := strconv.ParseFloat(strings.TrimSpace(f), 64); err != nil {
			return fmt.Errorf("number %d, %s, is not a number", i+1, termsafe.Quote(strings.TrimSpace(f)))
		}
	}
	return nil
}

// unknownKey is the first key in braces in text that is not a key, or
// "": a typo would reach the learner as "{kdwon}".
func unknownKey(text string) string {
	for rest := text; ; {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			return ""
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return ""
		}
		if k := rest[i+1 : i+j]; !slices.Contains(AllKeys, Key(k)) {
			return k
		}
		rest = rest[i+j+1:]
	}
}

// fieldHelp says what to write in each field.
var fieldHelp = map[string]string{
	"list":     "write the grades in rank order separated by commas (list: 3,2,3,0,1) or a built-in sample (list: sample:ties-at-k)",
	"scores":   "write one score per grade, separated by commas (scores: 0.9,0.8,0.8,0.5)",
	"pool":     "write the grades of judged items the list missed, separated by commas (pool: 3,2)",
	"settings": "write the conventions the list opens under, as in settings: gain=exp k=5 (gain, discount, k, ties, idcg, zero)",
	"asked":    "write the conventions the question is asked under, as settings are written (asked: gain=exp k=3 ties=worst)",
	"keys":     "write the keys the step needs, separated by spaces, from: " + keyList(),
	"ask":      "write dcg, idcg, ndcg, term N (what rank N adds), k below X (the smallest k at which NDCG@k falls below X) or rank most (the rank that adds most)",
	"question": "write the question the learner answers: question: What is NDCG@3, to two decimals?",
	"decimals": "write the fewest decimals an answer needs, 2 to 6 (decimals: 4)",
	"hint":     "write a hint shown after a wrong answer",
	"slip":     "write a wrong answer and the mistake behind it (slip: 1.26 the grade itself as the gain)",
}

func keyList() string {
	names := make([]string, len(AllKeys))
	for i, k := range AllKeys {
		names[i] = string(k)
	}
	return strings.Join(names, " ")
}

// complete checks that the step has what a step needs, and fills in
// what it may leave out; it says what is missing.
func (s *Step) complete() error {
	switch {
	case s.Sample == "" && s.Grades == "":
		return fmt.Errorf("has no list; add a line %s", "list: 3,2,3,0,1 (or list: sample:NAME)")
	case !s.asksSet:
		return fmt.Errorf("says nothing to compute; add a line ask: ndcg (or dcg, idcg, term N, k below X, rank most)")
	case s.Question == "":
		return fmt.Errorf("has no question; add a line question: What is … , to two decimals?")
	}
	if !s.opensSet {
		s.Opens = ndcg.DefaultSettings()
	}
	if !s.askedSet {
		s.Asked = s.Opens
	}
	if _, err := s.Doc(); err != nil {
		// The list is read as the flags --grades and --scores are: said
		// in the file's words.
		return fmt.Errorf("has a list that does not read: %s", fileWords.Replace(err.Error()))
	}
	r, err := s.result()
	if err != nil {
		return fmt.Errorf("cannot be computed: %v", err)
	}
	if s.Whole() {
		return s.completeWhole(r)
	}
	if s.Asks == verify.Contribution && s.Rank > r.Ranks() {
		return fmt.Errorf("asks for rank %d's term of a list of %d; ask: term N with N from 1 to %d", s.Rank, r.Ranks(), r.Ranks())
	}
	return nil
}

// fileWords says what the list's reader says of --grades and --scores
// in the lesson file's fields.
var fileWords = strings.NewReplacer("--grades: value ", "list: number ", "--scores: value ", "scores: number ", "--scores: ", "scores: ")

// ParseSettings reads conventions written as the lesson file writes
// them: "gain=exp k=5 ties=worst", each of gain, discount, k, ties,
// idcg and zero at most once; the rest are the defaults (exp, log2, the
// whole list, expected ties, the list's IDCG, 0).
func ParseSettings(v string) (ndcg.Settings, error) {
	s := ndcg.DefaultSettings()
	seen := map[string]bool{}
	for _, f := range strings.Fields(v) {
		name, val, ok := strings.Cut(f, "=")
		if !ok || seen[name] {
			return s, fmt.Errorf("%s is not name=value, once each", termsafe.Quote(f))
		}
		seen[name] = true
		var err error
		switch name {
		case "gain":
			s.Gain, err = ndcg.ParseGain(val)
		case "discount":
			s.Discount, err = ndcg.ParseDiscount(val)
		case "k":
			s.K, err = ndcg.ParseK(val)
		case "ties":
			s.Ties, err = ndcg.ParseTiePolicy(val)
		case "idcg":
			s.IDCG, err = ndcg.ParseIDCGSource(val)
		case "zero":
			s.Zero, err = ndcg.ParseZero(val)
		default:
			return s, fmt.Errorf("unknown setting %s (gain, discount, k, ties, idcg, zero)", termsafe.Quote(name))
		}
		if err != nil {
			return s, err
		}
	}
	return s, s.Validate()
}
