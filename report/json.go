package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// reportSchemaVersion is the version of report --format json's layout,
// written down in schema/report.schema.json. It goes up when a field
// changes meaning or goes away, not when one is added.
const reportSchemaVersion = 1

// jsonReport is report --format json: the layout of
// schema/report.schema.json, whose descriptions say what each field is.
type jsonReport struct {
	SchemaVersion int         `json:"schema_version"`
	Name          string      `json:"name"`
	Title         string      `json:"title"`
	Settings      Settings    `json:"settings"`
	N             int         `json:"n"`
	K             int         `json:"k"`
	Summary       jsonSummary `json:"summary"`
	IDCG          float64     `json:"idcg"`
	DCG           jsonBand    `json:"dcg"`
	NDCG          jsonBand    `json:"ndcg"`
	Ranks         []jsonRank  `json:"ranks"`
}

// Settings are the conventions as the JSON outputs (report and check)
// write them.
type Settings struct {
	Gain           string  `json:"gain"`
	Discount       string  `json:"discount"`
	K              *int    `json:"k"`
	Ties           string  `json:"ties"`
	IDCG           string  `json:"idcg"`
	Zero           float64 `json:"zero"`
	TruncateGrades bool    `json:"truncate_grades"`
}

// jsonSummary is the headline, as the text report prints it: DCG@k,
// IDCG@k and NDCG@k under the settings in force, tie policy included.
type jsonSummary struct {
	DCG  float64 `json:"dcg"`
	IDCG float64 `json:"idcg"`
	NDCG float64 `json:"ndcg"`
}

type jsonBand struct {
	Expected float64 `json:"expected"`
	Best     float64 `json:"best"`
	Worst    float64 `json:"worst"`
	Input    float64 `json:"input"`
}

// jsonRank is one rank: CSV's columns, under CSV's names and meanings,
// and the gain the DCG term uses.
type jsonRank struct {
	Rank              int      `json:"rank"`
	ID                string   `json:"id"`
	Title             string   `json:"title"`
	Grade             float64  `json:"grade"`
	Score             *float64 `json:"score"`
	TieGroup          int      `json:"tie_group"`
	Tied              bool     `json:"tied"`
	InCutoff          bool     `json:"in_cutoff"`
	Gain              float64  `json:"gain"`
	ExpectedGain      float64  `json:"expected_gain"`
	TermGain          float64  `json:"term_gain"`
	Discount          float64  `json:"discount"`
	Contribution      float64  `json:"contribution"`
	DCG               float64  `json:"dcg"`
	IdealID           *string  `json:"ideal_id"`
	IdealGrade        *float64 `json:"ideal_grade"`
	IdealGain         *float64 `json:"ideal_gain"`
	IdealContribution *float64 `json:"ideal_contribution"`
	IDCG              float64  `json:"idcg"`
	NDCG              float64  `json:"ndcg"`
}

// SettingsOf is s as the JSON outputs write it.
func SettingsOf(s ndcg.Settings) Settings {
	js := Settings{Gain: s.Gain.String(), Discount: s.Discount.String(), Ties: s.Ties.String(),
		IDCG: s.IDCG.String(), Zero: s.Zero, TruncateGrades: s.TruncateGrades}
	if s.K > 0 {
		k := s.K
		js.K = &k
	}
	return js
}

// writeJSONReport writes jsonReport as encoding/json writes it with a
// two-space indent, byte for byte, but streams the ranks one at a time
// through a buffer instead of building the whole document: a list of a
// million items would otherwise be held three times over (the rows, the
// document, and its indented copy).
func writeJSONReport(w io.Writer, doc *listio.Document, r *ndcg.Result) error {
	s := r.Settings
	d, n := r.DCGBand(s.K), r.NDCGBand(s.K)
	head, err := json.MarshalIndent(jsonReport{
		SchemaVersion: reportSchemaVersion, Name: doc.Name, Title: doc.Title,
		Settings: SettingsOf(s), N: r.N, K: r.K,
		Summary: jsonSummary{DCG: r.DCG(), IDCG: r.IDCG(), NDCG: r.NDCG()},
		IDCG:    r.IDCG(),
		DCG:     jsonBand{Expected: d.Expected, Best: d.Best, Worst: d.Worst, Input: d.Input},
		NDCG:    jsonBand{Expected: n.Expected, Best: n.Best, Worst: n.Worst, Input: n.Input},
		Ranks:   []jsonRank{},
	}, "", "  ")
	if err != nil {
		return err
	}
	if r.N == 0 {
		_, err := w.Write(append(head, '\n'))
		return err
	}
	// The head ends with `"ranks": []` and the closing brace: the ranks go
	// between the brackets.
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.Write(bytes.TrimSuffix(head, []byte("[]\n}")))
	bw.WriteByte('[')
	var b []byte
	var cols rankColumns
	f := rowFetcher{r: r}
	for i := 0; i < r.N; i++ {
		row := f.row(i)
		b = appendJSONRank(b[:0], &row, &cols)
		if i+1 < r.N {
			b = append(b, ',')
		}
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	bw.WriteString("\n  ]\n}\n")
	return bw.Flush()
}

// rankColumns are the columns whose values often repeat from one rank
// to the next (see floatColumn).
type rankColumns struct {
	grade, score, gain, expectedGain, termGain, idealGrade, idealGain, idcg floatColumn
}

// appendJSONRank appends one element of "ranks", row as jsonRankFrom (in
// the tests) has it, as encoding/json indents it, field by field in
// jsonRank's order (a test compares the two).
func appendJSONRank(b []byte, row *ndcg.Rank, c *rankColumns) []byte {
	field := func(name string) {
		b = append(b, ",\n      \""...)
		b = append(b, name...)
		b = append(b, "\": "...)
	}
	num := func(name string, v float64) { field(name); b = appendJSONFloat(b, v) }
	col := func(name string, c *floatColumn, v float64) { field(name); b = c.append(b, v, appendJSONFloat) }
	b = append(b, "\n    {\n      \"rank\": "...)
	b = strconv.AppendInt(b, int64(row.Rank), 10)
	field("id")
	b = appendJSONString(b, row.Item.ID)
	field("title")
	b = appendJSONString(b, row.Item.Title)
	col("grade", &c.grade, row.Grade)
	if row.Item.HasScore {
		col("score", &c.score, row.Item.Score)
	} else {
		field("score")
		b = append(b, "null"...)
	}
	field("tie_group")
	b = strconv.AppendInt(b, int64(row.TieGroup), 10)
	field("tied")
	b = strconv.AppendBool(b, row.Tied)
	field("in_cutoff")
	b = strconv.AppendBool(b, row.InCutoff)
	col("gain", &c.gain, row.Gain)
	col("expected_gain", &c.expectedGain, row.ExpectedGain)
	col("term_gain", &c.termGain, row.TermGain)
	num("discount", row.Discount)
	num("contribution", row.Contribution)
	num("dcg", row.DCG)
	if row.IdealID == "" {
		b = append(b, ",\n      \"ideal_id\": null,\n      \"ideal_grade\": null,\n      \"ideal_gain\": null,\n      \"ideal_contribution\": null"...)
	} else {
		field("ideal_id")
		b = appendJSONString(b, row.IdealID)
		col("ideal_grade", &c.idealGrade, row.IdealGrade)
		col("ideal_gain", &c.idealGain, row.IdealGain)
		num("ideal_contribution", row.IdealContribution)
	}
	col("idcg", &c.idcg, row.IDCG)
	num("ndcg", row.NDCG)
	return append(b, "\n    }"...)
}

// appendJSONFloat formats a float64 as encoding/json does: the shortest
// decimal that reads back the same, in exponent form below 1e-6 and from
// 1e21 on, with a one-digit negative exponent left unpadded.
func appendJSONFloat(b []byte, f float64) []byte {
	if b, ok := appendWholeFloat(b, f, 1e15); ok {
		return b
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendJSONString quotes s as encoding/json does; ids are nearly always
// plain ASCII, which is copied as it is.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
