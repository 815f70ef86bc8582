package trec

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The steps of scanRun, each on its own, with values worked by hand.

// docnos is a batch's docnos in line order.
func docnos(b *batch) []string {
	var out []string
	for _, e := range b.entries {
		out = append(out, b.docno(e))
	}
	return out
}

// emitted is a scan whose emit records each batch as qid:docnos.
func emitted(merge bool) (*runScan, *[]string) {
	var got []string
	s := newRunScan("steps.run", scanOptions{merge: merge, emit: func(b *batch) error {
		got = append(got, b.qid+":"+strings.Join(docnos(b), ","))
		return nil
	}})
	return s, &got
}

func TestFillBlock(t *testing.T) {
	run := "ab\ncd\nef" // 8 bytes, line ends at 2 and 5
	// One read takes all 8 bytes: past the size of 4, with a line end.
	buf, tooLong, err := fillBlock(bytes.NewReader([]byte(run)), nil, 4)
	require.NoError(t, err)
	assert.False(t, tooLong)
	assert.Equal(t, run, string(buf))
	// A byte at a time it stops at 4 bytes, "ab\nc", which hold a line end.
	buf, _, err = fillBlock(iotest.OneByteReader(bytes.NewReader([]byte(run))), nil, 4)
	require.NoError(t, err)
	assert.Equal(t, "ab\nc", string(buf))
	// Asked for more than there is, it reads to the end, after what buf
	// already held.
	buf, _, err = fillBlock(iotest.OneByteReader(bytes.NewReader([]byte(run))), []byte("zz"), 100)
	assert.Equal(t, io.EOF, err)
	assert.Equal(t, "zz"+run, string(buf))
	// A failing read is handed back with what was read.
	boom := errors.New("boom")
	buf, _, err = fillBlock(iotest.DataErrReader(iotest.ErrReader(boom)), nil, 4)
	assert.Equal(t, boom, err)
	assert.Empty(t, buf)
}

func TestBlockEnd(t *testing.T) {
	// "ab\ncd\nef": the block ends after the second line end (6), "ef"
	// beginning the next; at the run's end the block takes it all (8).
	assert.Equal(t, 6, blockEnd([]byte("ab\ncd\nef"), false))
	assert.Equal(t, 8, blockEnd([]byte("ab\ncd\nef"), true))
	assert.Equal(t, 0, blockEnd([]byte("abcdef"), false))
}

func TestRead(t *testing.T) {
	defer func(plain, held int) { blockSizes.plain, blockSizes.held = plain, held }(blockSizes.plain, blockSizes.held)
	// Blocks of at least 28 bytes, read a byte at a time: each line is
	// 14 bytes with its line end, so the first block is the first two
	// lines and the second the third, at the end of the run, beginning
	// on line 3. Progress is told the lines read after each block: 2,
	// then 3.
	blockSizes.plain = 28
	run := "q1 Q0 a 1 3 t\nq1 Q0 b 2 2 t\nq2 Q0 c 1 1 t\n"
	var progress []int64
	s := newRunScan("steps.run", scanOptions{progress: func(n int64) { progress = append(progress, n) }})
	s.todo = make(chan *block, 3)
	s.read(iotest.OneByteReader(bytes.NewReader([]byte(run))))
	var blocks []*block
	for bl := range s.todo {
		blocks = append(blocks, bl)
	}
	require.NoError(t, s.readErr)
	require.Len(t, blocks, 2)
	assert.Equal(t, "q1 Q0 a 1 3 t\nq1 Q0 b 2 2 t\n", string(blocks[0].data))
	assert.Equal(t, []any{0, int64(1)}, []any{blocks[0].seq, blocks[0].firstLine})
	assert.Equal(t, "q2 Q0 c 1 1 t\n", string(blocks[1].data))
	assert.Equal(t, []any{1, int64(3)}, []any{blocks[1].seq, blocks[1].firstLine})
	assert.Equal(t, []int64{2, 3}, progress)
}

func TestParse(t *testing.T) {
	// A block of q1's two lines and q2's one, neither query scattered,
	// q3 not wanted: three stretches, q1 (2 lines, "ab" 2 bytes), q2, and
	// nil for q3; the block is handed on without its bytes.
	want := map[string]int{"q1": 0, "q2": 1}
	s := newRunScan("steps.run", scanOptions{want: func(qid []byte) (int, bool) {
		i, ok := want[string(qid)]
		return i, ok
	}})
	s.done = make(chan *block, 1)
	s.todo <- &block{data: []byte("q1 Q0 a 1 3 t\nq1 Q0 b 2 2 t\nq2 Q0 c 1 1 t\nq3 Q0 d 1 1 t\n"), firstLine: 1}
	close(s.todo)
	s.parse()
	bl := <-s.done
	require.NoError(t, bl.err)
	assert.Nil(t, bl.data)
	assert.False(t, bl.scattered)
	require.Len(t, bl.segs, 3)
	assert.Equal(t, []any{"q1", 0, 2, 2}, []any{bl.segs[0].qid, bl.segs[0].qi, bl.segs[0].lineCount(), bl.segs[0].byteCount()})
	assert.Equal(t, []any{"q2", 1, 1, 1}, []any{bl.segs[1].qid, bl.segs[1].qi, bl.segs[1].lineCount(), bl.segs[1].byteCount()})
	assert.Nil(t, bl.segs[2])
	assert.False(t, bl.segs[0].evaluated)
}

func TestAdd(t *testing.T) {
	s, got := emitted(false)
	// q1 "a" then q1 "b" go on together; q2 "c" hands q1 on, and the nil
	// of a query not wanted hands q2 on; q2 "d" after it is a stretch
	// of its own, handed on at the end.
	for _, b := range []*batch{stepBatch("q1", 0, "a"), stepBatch("q1", 0, "b"), stepBatch("q2", 1, "c"), nil, stepBatch("q2", 1, "d")} {
		require.NoError(t, s.add(b))
	}
	assert.Equal(t, []string{"q1:a,b", "q2:c"}, *got)
	require.NoError(t, s.finish())
	assert.Equal(t, []string{"q1:a,b", "q2:c", "q2:d"}, *got)

	// A stretch evaluated where it was parsed does not go on with the
	// next of its query: two emits.
	s, got = emitted(false)
	q1 := &batch{qid: "q1", qi: 0, evaluated: true, lines: 1, size: 1}
	require.NoError(t, s.add(q1))
	require.NoError(t, s.add(stepBatch("q1", 0, "b")))
	require.NoError(t, s.finish())
	assert.Equal(t, []string{"q1:", "q1:b"}, *got)
}

func TestFlushMerging(t *testing.T) {
	// Merging, q1's stretches "a" and "c", on either side of q2's "b",
	// are put together and handed on at the end, q1 first as it came
	// first; q1's first stretch is sized for the 3 lines and 10 bytes
	// reserve gives.
	s, got := emitted(true)
	s.o.reserve = func(qi int) (int, int) { return 3, 10 }
	for _, b := range []*batch{stepBatch("q1", 0, "a"), stepBatch("q2", 1, "b"), stepBatch("q1", 0, "c")} {
		require.NoError(t, s.add(b))
	}
	assert.Empty(t, *got)
	require.NoError(t, s.finish())
	assert.Equal(t, []string{"q1:a,c", "q2:b"}, *got)
	assert.Equal(t, []int{0, 1}, s.order)
	assert.True(t, s.merged[0].whole)
	assert.GreaterOrEqual(t, cap(s.merged[0].entries), 3)
	assert.GreaterOrEqual(t, cap(s.merged[0].arena), 10)
}

func TestTake(t *testing.T) {
	s, got := emitted(false)
	scattered := 0
	s.o.scattered = func() { scattered++ }
	// A scattered block tells so before its stretches are handed on;
	// its stretch of q2 waits for the next block.
	require.NoError(t, s.take(&block{scattered: true, segs: []*batch{stepBatch("q1", 0, "a"), stepBatch("q2", 1, "b")}}))
	assert.Equal(t, 1, scattered)
	assert.Equal(t, []string{"q1:a"}, *got)
	// A block's error comes after its stretches.
	bad := errors.New("steps.run:3: bad line")
	assert.Equal(t, bad, s.take(&block{segs: []*batch{stepBatch("q3", 2, "c")}, err: bad}))
	assert.Equal(t, []string{"q1:a", "q2:b"}, *got)
}

func TestAssemble(t *testing.T) {
	// Blocks parsed out of order (1 before 0) are handed on in order,
	// each giving back its token.
	s, got := emitted(false)
	s.tokens <- struct{}{}
	s.tokens <- struct{}{}
	s.done <- &block{seq: 1, segs: []*batch{stepBatch("q2", 1, "b")}}
	s.done <- &block{seq: 0, segs: []*batch{stepBatch("q1", 0, "a")}}
	close(s.done)
	require.NoError(t, s.assemble())
	require.NoError(t, s.finish())
	assert.Equal(t, []string{"q1:a", "q2:b"}, *got)
	assert.Empty(t, s.tokens)

	// An error stops it; abandon stops the reader and drains what is left.
	s, _ = emitted(false)
	bad := errors.New("steps.run:1: bad line")
	s.tokens <- struct{}{}
	s.tokens <- struct{}{}
	s.done <- &block{seq: 0, err: bad}
	s.done <- &block{seq: 1, segs: []*batch{stepBatch("q2", 1, "b")}}
	close(s.done)
	assert.Equal(t, bad, s.assemble())
	s.abandon()
	assert.Empty(t, s.tokens)
	_, open := <-s.stop
	assert.False(t, open)
}
