package sklearnref

import (
	"encoding/json"
	"fmt"
	"os"
)

// File is one reference file. SklearnVersion is the version that wrote
// it (cases.json names the field sklearn_version, reference.json sklearn).
type File struct {
	SklearnVersion string `json:"sklearn_version"`
	Sklearn        string `json:"sklearn"`
	Seed           int64  `json:"seed"`
	Cases          []Case `json:"cases"`
}

// Case is one query: the list, the conventions, and what scikit-learn
// computed for it. Fields a file does not give are zero or nil.
type Case struct {
	Name   string    `json:"name"`
	Grades []float64 `json:"grades"`
	// Scores is nil when the list order is the ranking.
	Scores []float64 `json:"scores"`
	Gain   string    `json:"gain"`
	// LogBase is dcg_score's log_base (0 for 2).
	LogBase float64 `json:"log_base"`
	// K is nil for the whole list.
	K    *int    `json:"k"`
	DCG  float64 `json:"dcg"`
	IDCG float64 `json:"idcg"`
	NDCG float64 `json:"ndcg"`
	Via  string  `json:"via"`
	// dcg_score with log_base=10 and log_base=e, and their IDCG.
	DCGLog10  *float64 `json:"dcg_log10"`
	IDCGLog10 *float64 `json:"idcg_log10"`
	DCGLogE   *float64 `json:"dcg_loge"`
	IDCGLogE  *float64 `json:"idcg_loge"`
	// DCG of one concrete tie order each, where given.
	DCGBest  *float64 `json:"dcg_best"`
	DCGWorst *float64 `json:"dcg_worst"`
	DCGInput *float64 `json:"dcg_input"`
	// PerK holds DCG@k, IDCG@k and NDCG@k for k = 1, 2, ….
	PerK []PerK `json:"per_k"`
}

// PerK is one cutoff's values.
type PerK struct {
	K    int     `json:"k"`
	DCG  float64 `json:"dcg"`
	IDCG float64 `json:"idcg"`
	NDCG float64 `json:"ndcg"`
}

// Load reads a reference file; it must say which scikit-learn wrote it.
func Load(path string) (File, error) {
	var f File
	data, err := os.ReadFile(path)
	if err != nil {
		return f, err
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return f, fmt.Errorf("%s: %w", path, err)
	}
	if f.SklearnVersion == "" {
		f.SklearnVersion = f.Sklearn
	}
	if f.SklearnVersion == "" {
		return f, fmt.Errorf("%s: no scikit-learn version recorded", path)
	}
	return f, nil
}

// Case returns the case called name.
func (f File) Case(name string) (Case, error) {
	for _, c := range f.Cases {
		if c.Name == name {
			return c, nil
		}
	}
	return Case{}, fmt.Errorf("no reference case %q", name)
}
