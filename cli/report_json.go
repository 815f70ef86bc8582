package cli

import (
	"encoding/json"
	"io"

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
	SchemaVersion int          `json:"schema_version"`
	Name          string       `json:"name"`
	Title         string       `json:"title"`
	Settings      jsonSettings `json:"settings"`
	N             int          `json:"n"`
	K             int          `json:"k"`
	Summary       jsonSummary  `json:"summary"`
	IDCG          float64      `json:"idcg"`
	DCG           jsonBand     `json:"dcg"`
	NDCG          jsonBand     `json:"ndcg"`
	Ranks         []jsonRank   `json:"ranks"`
}

type jsonSettings struct {
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

func settingsJSON(s ndcg.Settings) jsonSettings {
	js := jsonSettings{Gain: s.Gain.String(), Discount: s.Discount.String(), Ties: s.Ties.String(),
		IDCG: s.IDCG.String(), Zero: s.Zero, TruncateGrades: s.TruncateGrades}
	if s.K > 0 {
		k := s.K
		js.K = &k
	}
	return js
}

func writeJSONReport(w io.Writer, doc *listio.Document, r *ndcg.Result) error {
	s := r.Settings
	d, n := r.DCGBand(s.K), r.NDCGBand(s.K)
	rep := jsonReport{
		SchemaVersion: reportSchemaVersion, Name: doc.Name, Title: doc.Title,
		Settings: settingsJSON(s), N: r.N, K: r.K,
		Summary: jsonSummary{DCG: r.DCG(), IDCG: r.IDCG(), NDCG: r.NDCG()},
		IDCG:    r.IDCG(),
		DCG:     jsonBand{Expected: d.Expected, Best: d.Best, Worst: d.Worst, Input: d.Input},
		NDCG:    jsonBand{Expected: n.Expected, Best: n.Best, Worst: n.Worst, Input: n.Input},
		Ranks:   make([]jsonRank, r.N),
	}
	for i := range rep.Ranks {
		row := r.Row(i)
		jr := jsonRank{Rank: row.Rank, ID: row.Item.ID, Title: row.Item.Title, Grade: row.Grade,
			TieGroup: row.TieGroup, Tied: row.Tied, InCutoff: row.InCutoff,
			Gain: row.Gain, ExpectedGain: row.ExpectedGain, TermGain: row.TermGain,
			Discount: row.Discount, Contribution: row.Contribution, DCG: row.DCG,
			IDCG: row.IDCG, NDCG: row.NDCG}
		if row.Item.HasScore {
			jr.Score = &row.Item.Score
		}
		if row.IdealID != "" {
			jr.IdealID, jr.IdealGrade, jr.IdealGain, jr.IdealContribution = &row.IdealID, &row.IdealGrade, &row.IdealGain, &row.IdealContribution
		}
		rep.Ranks[i] = jr
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}
