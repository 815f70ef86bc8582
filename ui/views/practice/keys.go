package practice

import "github.com/ndcg-explorer/ndcg-explorer/ui/common"

// The keys only the practice views have; the rest are common.KeyMap's.

// fileClaimsKey loads the claims the file makes into the check view's
// fields.
var fileClaimsKey = common.Bind([]string{"f"}, "f", "the file's claims")

// nextRoundKey starts the quiz's next round.
// N as well: a Shift held over n means the same.
var nextRoundKey = common.Bind([]string{"n", "N"}, "n", "next quiz list")
