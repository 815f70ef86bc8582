package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ltr"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// listFlags are the flags every command that reads one list shares.
type listFlags struct {
	gain, discount, k, ties, idcg, zero, preset string
	grades, scores                              string
	qrels, run, query                           string
	qrelsFormat, runFormat                      string
	ltrData, predictions                        string
	inputFormat                                 string
	maxSize                                     string
	maxItems                                    int
	itemsFlag                                   bool // --max-items is this command's (not serve's)
	// fs tells a flag given empty (--grades '') from one not given.
	fs *pflag.FlagSet
}

func (f *listFlags) register(fs *pflag.FlagSet) {
	f.fs = fs
	fs.StringVar(&f.gain, "gain", "", "gain exp (2^g−1), linear (g) or 0=0,1=1,2=3")
	fs.StringVar(&f.discount, "discount", "", "discount log2 (1/log2(i+1)), log:B or jk:B")
	fs.StringVarP(&f.k, "cutoff", "k", "", "the cutoff k ≥ 1, or all or 0 for the whole list (all; 10 with --qrels or --ltr)")
	// --k, as the cutoff was once spelled, still works.
	fs.StringVar(&f.k, "k", "", "the cutoff (-k)")
	fs.MarkHidden("k")
	fs.StringVar(&f.ties, "ties", "", "tie order: expected, best, worst, input, docno")
	fs.StringVar(&f.idcg, "idcg", "", "ideal ranking from: list, or judged (+pool) (list)")
	fs.StringVar(&f.zero, "zero", "", "the NDCG when IDCG is 0: 0 or 1 (0)")
	fs.StringVarP(&f.preset, "preset", "p", "", "as "+strings.Join(ndcg.PresetNames(), ", "))
	fs.StringVar(&f.grades, "grades", "", "the list inline, grades in rank order: 3,2,3,0,1")
	fs.StringVar(&f.scores, "scores", "", "scores of the inline grades: 0.9,0.8,0.8,0.5,0.1")
	fs.StringVar(&f.qrels, "qrels", "", "qrels (TREC, BEIR, dict JSON, table); with --run, the query browser")
	fs.StringVar(&f.run, "run", "", "run (TREC, MS MARCO, dict JSON, table), with --qrels")
	fs.StringVar(&f.query, "query", "", "the query to open from --qrels and --run, --ltr, or a table FILE")
	fs.StringVar(&f.qrelsFormat, "qrels-format", "", "format of --qrels: trec, beir, json, jsonl, csv, tsv (guessed)")
	fs.StringVar(&f.runFormat, "run-format", "", "format of --run: trec, msmarco, json, jsonl, csv, tsv (guessed)")
	fs.StringVar(&f.ltrData, "ltr", "", "learning-to-rank data (libsvm/LETOR or table), with --predictions")
	fs.StringVar(&f.predictions, "predictions", "", "predictions for --ltr, one score a line")
	fs.StringVar(&f.inputFormat, "input-format", "", "format of FILE: json, csv or tsv (guessed)")
	// serve has a --max-items of its own, the most items of a
	// session's list, defined before these.
	if fs.Lookup("max-items") == nil {
		f.itemsFlag = true
		fs.IntVar(&f.maxItems, "max-items", listio.DefaultMaxItems, "the most items a list read holds")
	}
	fs.StringVar(&f.maxSize, "max-size", "", "the largest file read, as 2G or 512M ("+listio.FormatSize(listio.DefaultMaxSize)+")")
}

// allNumbers reports whether every word is a number.
func allNumbers(words []string) bool {
	for _, w := range words {
		if _, err := strconv.ParseFloat(strings.TrimSuffix(w, ","), 64); err != nil {
			return false
		}
	}
	return true
}

// load reads the list the command line names: FILE (or "-" or
// sample:NAME), --grades/--scores, or --qrels/--run/--query. editing
// says the list is opened in the explorer, which may save it: with no
// list named it opens the default sample, and a FILE is opened with
// listio.Load, which clears what killed saves left beside it.
func (f *listFlags) load(env *Env, args []string, editing bool) (*listio.Document, error) {
	inline := f.grades != "" || f.scores != "" || f.given("grades") || f.given("scores")
	trec := f.qrels != "" || f.run != ""
	learn := f.ltrData != "" || f.predictions != ""
	sources := 0
	for _, b := range []bool{inline, trec, learn, len(args) > 0} {
		if b {
			sources++
		}
	}
	if f.maxSize != "" {
		n, err := listio.ParseSize(f.maxSize)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", listio.MaxSizeFlag, err)
		}
		listio.MaxSize = n
	}
	if f.itemsFlag {
		if f.maxItems < 1 {
			return nil, fmt.Errorf("%s: %d is not a number of items; give a whole number ≥ 1, as in %s 20000000", listio.MaxItemsFlag, f.maxItems, listio.MaxItemsFlag)
		}
		listio.MaxItems = f.maxItems
	}
	switch {
	case len(args) > 0 && inline && allNumbers(args):
		// --grades 3 2 1: the shell split the grades into words.
		if f.given("scores") {
			// Which flag the words were meant for, the parsed flags
			// no longer say.
			return nil, fmt.Errorf("%s: the shell split a flag's values at the spaces; --grades and --scores take their values separated by commas, without spaces, as in --grades 3,2,1 --scores 0.9,0.5,0.1", strings.Join(args, " "))
		}
		var parts []string
		for _, p := range append([]string{f.grades}, args...) {
			if p = strings.Trim(p, ", "); p != "" {
				parts = append(parts, p)
			}
		}
		return nil, fmt.Errorf("--grades and --scores take their values separated by commas, without spaces: --grades %s", strings.Join(parts, ","))
	case len(args) > 1:
		return nil, fmt.Errorf("one list at a time: got %d files (%s)", len(args), strings.Join(args, " "))
	case sources > 1:
		return nil, fmt.Errorf("give one source: a FILE, --grades/--scores, --qrels/--run/--query, or --ltr/--predictions/--query")
	case inline:
		switch {
		case f.grades == "" && f.given("grades"):
			return nil, fmt.Errorf("--grades is empty: give the grades in ranking order, e.g. --grades 3,2,3,0,1")
		case f.grades == "":
			return nil, fmt.Errorf("--scores needs --grades")
		case f.scores == "" && f.given("scores"):
			return nil, fmt.Errorf("--scores is empty: give one score per grade, e.g. --scores 0.9,0.8,0.8,0.5,0.1, or leave --scores out")
		}
		return listio.Inline(f.grades, f.scores)
	case trec:
		switch {
		case f.qrels == "" || f.run == "":
			return nil, fmt.Errorf("--qrels and --run go together: give both files, and --query QID for one query")
		case f.query == "":
			return nil, fmt.Errorf("--qrels and --run need --query QID, the query to read (ndcg-explorer trec -q QRELS RUN prints every query's values)")
		}
		qf, rf, err := f.formats()
		if err != nil {
			return nil, err
		}
		doc, err := listio.LoadTRECQueryAs(f.qrels, qf, f.run, rf, f.query)
		if err != nil {
			return nil, f.queriesJudged(err, qf)
		}
		return doc, nil
	case learn:
		if f.query == "" {
			return nil, fmt.Errorf("--ltr needs --query QID, the query to read (ndcg-explorer ltr DATA PREDICTIONS prints every query's values)")
		}
		ds, rules, err := f.loadLTR(env.Stdin)
		if err != nil {
			return nil, err
		}
		return listio.LTRQuery(ds, rules, f.query)
	case len(args) == 1 && f.query != "":
		return listio.LoadQuery(args[0], env.Stdin, f.query)
	case f.query != "":
		return nil, fmt.Errorf("--query names a query of --qrels and --run, of --ltr, or of a FILE holding many queries: give one of them")
	case len(args) == 1 && editing:
		return listio.Load(args[0], env.Stdin, f.inputFormat)
	case len(args) == 1:
		return listio.LoadReadOnly(args[0], env.Stdin, f.inputFormat)
	case editing:
		return listio.Load("sample:"+listio.DefaultSample, env.Stdin, "")
	}
	return nil, fmt.Errorf("no list given: name a FILE (- for standard input, sample:NAME for a sample) or use --grades")
}

// given reports whether the flag was on the command line, even empty.
func (f *listFlags) given(name string) bool {
	return f.fs != nil && f.fs.Changed(name)
}

// settings are the defaults, then the file's settings, then the preset
// flag, then each explicit flag.
func (f *listFlags) settings(doc *listio.Document) (ndcg.Settings, error) {
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	if err != nil {
		return s, fmt.Errorf("%s: settings: %w", doc.Name, err)
	}
	// A query of a run or a data set opens at the query browser's
	// cutoff, so that it reads the same opened either way.
	if f.query != "" && (f.ltrData != "" || f.qrels != "") && doc.Settings.K == nil {
		s.K = browseK
	}
	if s, err = f.override(s); err != nil {
		return s, err
	}
	// --preset names the conventions the list is shown under (with
	// --ltr, reading the data named its rules).
	if p, perr := ndcg.FindPreset(f.preset); f.preset != "" && f.ltrData == "" && perr == nil {
		doc.Rules = p
	}
	return s, f.wholeGrades(doc)
}

// wholeGrades refuses a grade that is not whole under a preset whose
// library stops on one (LightGBM's), named by --preset or the file, as
// ltr -p lightgbm refuses such a label: the value printed was one the
// library never gives.
func (f *listFlags) wholeGrades(doc *listio.Document) error {
	name := f.preset
	if name == "" && doc.Settings.Preset != nil {
		name = *doc.Settings.Preset
	}
	if name == "" || f.ltrData != "" {
		return nil
	}
	r, err := ltr.FindRules(name)
	if err != nil || r.Labels != ltr.LabelsWhole {
		return nil
	}
	p := r
	for _, it := range doc.List.Items {
		if it.Grade != math.Trunc(it.Grade) {
			return fmt.Errorf("%s: item %s: grade %s", doc.Name, termsafe.Quote(it.ID), ltr.NotWhole(it.Grade, p.Name))
		}
	}
	for _, j := range doc.List.Pool {
		if j.Grade != math.Trunc(j.Grade) {
			return fmt.Errorf("%s: pool item %s: grade %s", doc.Name, termsafe.Quote(j.ID), ltr.NotWhole(j.Grade, p.Name))
		}
	}
	return nil
}

// override applies the flags the user gave to s the way a file's
// settings apply (listio.FileSettings.Apply), naming the flag when one
// is wrong. -k (which takes "all") and --zero are read here first, as a
// file writes neither that way.
func (f *listFlags) override(s ndcg.Settings) (ndcg.Settings, error) {
	opt := func(v string) *string {
		if v == "" {
			return nil
		}
		return &v
	}
	fs := listio.FileSettings{Gain: opt(f.gain), Discount: opt(f.discount), Ties: opt(f.ties), IDCG: opt(f.idcg)}
	// With --ltr, the preset names the library's rules, which reading
	// the data applied (loadLTR); xgboost- is no explorer preset.
	if f.ltrData == "" {
		fs.Preset = opt(f.preset)
	}
	k := s.K
	// -k '' is a cutoff left out by mistake (an empty shell variable),
	// not "all": it is refused as any other value that is not one.
	kGiven := f.k != "" || f.given("cutoff") || f.given("k")
	if kGiven {
		var err error
		if strings.TrimSpace(f.k) == "" {
			return s, errors.New("-k: empty; give a cutoff ≥ 1, as in -k 10, or all for the whole list")
		}
		if k, err = listio.ParseCutoff(f.k); err != nil {
			return s, fmt.Errorf("-k: %w", err)
		}
	}
	if f.zero != "" {
		z, err := ndcg.ParseZero(f.zero)
		if err != nil {
			return s, fmt.Errorf("--zero: %w", err)
		}
		fs.Zero = &z
	}
	s, err := fs.Apply(s)
	if se := (*listio.SettingError)(nil); errors.As(err, &se) {
		return s, fmt.Errorf("--%s: %w", se.Field, se.Err)
	} else if err != nil {
		return s, err
	}
	if kGiven {
		s.K = k
	}
	return s, nil
}

// formats reads --qrels-format and --run-format.
func (f *listFlags) formats() (qf, rf trec.Format, err error) {
	if qf, err = trec.ParseFormat("--qrels-format", f.qrelsFormat, false); err != nil {
		return
	}
	rf, err = trec.ParseFormat("--run-format", f.runFormat, true)
	return
}

// loadLTR reads --ltr and --predictions, and the rules of --preset
// (XGBoost's when not given); in is standard input, for a "-" path.
func (f *listFlags) loadLTR(in io.Reader) (*ltr.DataSet, ltr.Rules, error) {
	name := f.preset
	if name == "" {
		name = "xgboost"
	}
	rules, err := ltr.FindRules(name)
	if err != nil {
		return nil, rules, fmt.Errorf("--preset: %w", listio.UnknownPreset(name, err))
	}
	if f.ltrData == "" {
		return nil, rules, fmt.Errorf("--predictions goes with --ltr DATA")
	}
	ds, err := listio.LoadLTR(f.ltrData, f.predictions, in)
	return ds, rules, err
}

// queriesJudged adds to err, the failure to open --query from --qrels
// and --run, the queries --qrels judges when the one asked for is not
// among them, so that a mistyped id is answered with the ids to type.
func (f *listFlags) queriesJudged(err error, qf trec.Format) error {
	q, qerr := trec.ReadQrelsAs(f.qrels, qf)
	if qerr != nil || q.Query(f.query) != nil || len(q.Queries) == 0 {
		return err
	}
	qids := make([]string, len(q.Queries))
	for i, j := range q.Queries {
		qids[i] = j.QID
	}
	return fmt.Errorf("%w; %s judges %d %s: %s", err, f.qrels, len(qids), plural(len(qids), "query", "queries"), firstQIDs(qids))
}

// firstQIDs names the first five query ids, then how many more: a run
// may hold thousands.
func firstQIDs(qids []string) string {
	if len(qids) <= 5 {
		return strings.Join(qids, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(qids[:5], ", "), len(qids)-5)
}
