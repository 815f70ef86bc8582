package verify

import (
	"math"
)

// What a Misread change gives instead (its To), and the discounts no
// setting has (a discount change's To).
const (
	readInverted = "IDCG/DCG"
	readDCG      = "DCG"
	readIDCG     = "IDCG"
	readPercent  = "100 × NDCG"
	shift2       = "log2(i+2)"
	rank1Left    = "log2(i), rank 1 left out"
)

// shiftedDiscount is 1/log2(i+2): ranks counted from 2.
func shiftedDiscount(i int) float64 { return 1 / math.Log2(float64(i)+2) }

// rank1LeftDiscount is 1/log2(i) from rank 2 on, 0 at rank 1, where
// log2(1) = 0 leaves nothing to divide by.
func rank1LeftDiscount(i int) float64 {
	if i == 1 {
		return 0
	}
	return 1 / math.Log2(float64(i))
}
