package order

import "github.com/ndcg-explorer/ndcg-explorer/ui/common"

// The keys only the order views have (the ties view has none); the rest
// are common.KeyMap's.

// BestSwapKey (the swap view) applies the swap that raises NDCG the most:
// m for the most (b draws the bars in ASCII, everywhere).
var BestSwapKey = common.Bind([]string{"m"}, "m", "best swap")
