package explain

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Conventions states the conventions in force in words, as every printed
// output and picture does: "gain exp (2^grade − 1), discount log2 (…), k=5,
// ties expected, IDCG from list, NDCG=0 when IDCG=0".
func Conventions(s ndcg.Settings) string {
	zero := "NDCG=0 when IDCG=0"
	if s.Zero == 1 {
		zero = "NDCG=1 when IDCG=0"
	}
	line := fmt.Sprintf("gain %s (%s), discount %s (%s), k=%s, ties %s, IDCG from %s, %s",
		s.Gain, s.Gain.Formula(), s.Discount, s.Discount.Formula(), s.KString(), s.Ties, s.IDCG, zero)
	if s.TruncateGrades {
		line += ", grades truncated to integers"
	}
	return line
}
