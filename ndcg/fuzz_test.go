package ndcg

import (
	"encoding/binary"
	"math"
	"testing"
)

// FuzzCompute feeds Compute lists built from arbitrary bytes: any grade,
// score and id, any settings. It must never panic; it must fail exactly
// when List.Validate or Settings.Validate does (or IDCG overflows); and a
// result must keep NDCG in [0, 1] and worst ≤ expected ≤ best.
func FuzzCompute(f *testing.F) {
	f.Add([]byte{3, 2, 3, 0, 1}, uint8(0), uint8(5))
	f.Add([]byte{1, 0x80, 2, 0x80, 3, 0x81, 0, 0x82}, uint8(1), uint8(0))
	f.Add([]byte("\x03\xff\xff\xff\xff\xff\xff\xff\xff\x02"), uint8(7), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, mode, k uint8) {
		l := &List{}
		scored := mode&1 == 1
		for len(data) > 0 {
			var it Item
			switch {
			case len(data) >= 9 && data[0]&0x40 != 0:
				// a raw float64 grade: NaN, Inf, negative, huge, subnormal
				it.Grade = math.Float64frombits(binary.LittleEndian.Uint64(data[1:9]))
				data = data[9:]
			default:
				it.Grade = float64(data[0]&0x3f) / float64(1+int(data[0]>>7)*3)
				data = data[1:]
			}
			if scored && len(data) > 0 {
				it.Score, it.HasScore = float64(int8(data[0]))/4, true
				if data[0] == 0x7f {
					it.Score = math.NaN()
				}
				data = data[1:]
			}
			it.ID = DefaultID(len(l.Items) % 40) // repeats past 40 items
			l.Items = append(l.Items, it)
		}
		if mode&2 != 0 && len(l.Items) > 0 {
			l.Pool = []Judged{{ID: "pool", Grade: l.Items[0].Grade + 1}}
		}
		s := Settings{
			Gain:           []Gain{Exp, Linear, {Kind: GainMap, Map: map[float64]float64{0: 0, 1: 1, 2: 3, 3: 7}}}[int(mode>>2)%3],
			Discount:       []Discount{Log2, JK2, {Kind: DiscountLog, Base: 10}}[int(mode>>4)%3],
			K:              int(k % 12),
			Ties:           TiePolicies[int(mode>>5)%5],
			IDCG:           IDCGSource((mode >> 3) & 1),
			Zero:           float64(mode >> 7),
			TruncateGrades: mode&0x40 != 0,
		}
		r, err := Compute(l, s)
		if verr := l.Validate(s); verr != nil {
			if err == nil || err.Error() != verr.Error() {
				t.Fatalf("Validate says %v, Compute says %v", verr, err)
			}
			return
		}
		if err != nil {
			if r != nil {
				t.Fatal("a result with an error")
			}
			return // IDCG overflow
		}
		for kk := 0; kk <= r.N+1; kk++ {
			b := r.NDCGBand(kk)
			for _, v := range []float64{b.Worst, b.Expected, b.Best, b.Input, r.NDCGAt(Docno, kk)} {
				if math.IsNaN(v) || v < -1e-9 || v > 1+1e-9 {
					t.Fatalf("NDCG@%d %v outside [0, 1]: %+v", kk, v, b)
				}
			}
			if !(b.Worst <= b.Expected+1e-9 && b.Expected <= b.Best+1e-9) {
				t.Fatalf("NDCG@%d not worst ≤ expected ≤ best: %+v", kk, b)
			}
		}
		for i := 0; i < r.N; i++ {
			r.Row(i)
		}
	})
}
