package compare

import "github.com/ndcg-explorer/ndcg-explorer/ui/common"

// The keys only the compare views have (the conventions view has none);
// the rest are common.KeyMap's.

// thresholdKey (the companions view) lowers (<) or raises (>) the grade
// from which an item counts as relevant.
var thresholdKey = common.Bind([]string{"<", ">"}, "</>", "relevance threshold")
