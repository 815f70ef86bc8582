package listio

import "fmt"

// LoadTRECQuery reads one query of a qrels and run pair.
func LoadTRECQuery(qrels, run, query string) (*Document, error) {
	return nil, fmt.Errorf("reading TREC files is not available yet")
}
