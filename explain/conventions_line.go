package explain

import "github.com/ndcg-explorer/ndcg-explorer/ndcg"

// Conventions states the conventions in force in words, as every printed
// output and picture does: "gain exp (2^grade − 1), discount log2 (…), k=5,
// ties expected, IDCG from list, NDCG=0 when IDCG=0".
func Conventions(s ndcg.Settings) string { return State(s).Line() }
