package trec

// ReadQrelsFile reads the qrels file at path as text, for the tests that
// compare a qrels file's judgments with trec_eval's: the program itself
// reads qrels through ReadQrelsAs, which also takes dict JSON and tables.
func ReadQrelsFile(path string) (*Qrels, error) {
	data, err := readText(path, "qrels")
	if err != nil {
		return nil, err
	}
	return ParseQrels(path, data)
}
