package trec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Dicts written one a line (JSON lines of dicts) are read as one: every
// query counts, where only the first dict was read, with exit 0.
func TestDictJSONLines(t *testing.T) {
	qrels := "{\"1\": {\"a\": 2, \"b\": 0}}\n{\"2\": {\"a\": 1}}\n{\"3\": {\"c\": 1}}\n"
	run := "{\"1\": {\"a\": 0.2, \"b\": 0.9}, \"2\": {\"a\": 0.5}, \"3\": {\"a\": 0.7, \"c\": 0.1}}"
	q, err := ParseQrelsAs("q.json", []byte(qrels), "")
	require.NoError(t, err)
	for _, qid := range []string{"1", "2", "3"} {
		assert.NotNil(t, q.Query(qid), qid)
	}
	src, err := RunSourceFrom("r.json", []byte(run), "")
	require.NoError(t, err)
	res, err := Evaluate(q, src, Options{Measures: Measures{NDCG: true}})
	require.NoError(t, err)
	// By hand: query 1 has a (rel 2) at rank 2: 2/log2(3) ÷ 2 = 0.6309;
	// query 2: 1; query 3 has c (rel 1) at rank 2: 1/log2(3) = 0.6309.
	assert.InDelta(t, (0.6309297535714575+1+0.6309297535714575)/3, res.All[0], 1e-12)
}

// Anything after the dict that is not another dict is refused with its
// line, a broken tail among them.
func TestDictJSONTail(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"{\"1\": {\"d1\": 0.9}} {\"2\": ", `r.json:1: the file ends inside the dict: it is cut short, or a closing } is missing`},
		{"{\"1\": {\"d1\": 0.9}}\n\n[1]\n", `r.json:3: an array after the dict's closing }: dict JSON is one object, or one a line; remove what follows`},
		{"{\"1\": {\"d1\": 0.9}}\nx", `r.json:2: 'x' after the dict's closing }`},
		{"{\"1\": {\"d1\": 0.9, }}", `r.json:1: a comma before the closing }: remove it`},
		{"{\"1\": {\"d1\": 0.9}\n \"2\": {}}", `r.json:2: a string where a comma or } goes, after query "1": a comma is missing before it`},
		{"{\"1\": {\"d1\": 0.9,\n\"d2\": 0.8", `r.json:2: the file ends inside query "1" (opened on line 1): it is cut short, or a closing } is missing`},
		{"{\"1\": {\"d1\": 09}}", `r.json:1: "09" is not a JSON number`},
		{"{\"1\": {\"d\\u0000\": 1}}", `r.json:1: query "1", document "d\x00": "d\x00" holds a NUL character (\u0000), which no text file can carry; remove it`},
	} {
		src, err := RunSourceFrom("r.json", []byte(c.data), FormatJSON)
		require.NoError(t, err)
		_, err = io.ReadAll(must(src.Open()))
		if assert.Error(t, err, c.data) {
			assert.Contains(t, err.Error(), c.want, c.data)
		}
	}
}

func must(r io.ReadCloser, err error) io.ReadCloser {
	if err != nil {
		panic(err)
	}
	return r
}

// A value that is not a number says what it is and what to write, where
// Go's own words were printed (<nil>, map[x:1], 2 is not a number).
func TestDictJSONValueMessages(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{`{"q": {"d": null}}`, `q.json:1: query "q", document "d": null where its relevance goes; give a number, or leave the document out`},
		{`{"q": {"d": {"x": 1}}}`, `q.json:1: query "q", document "d": an object where its relevance goes; dict JSON has two levels, {"QID": {"DOCID": NUMBER}}`},
		{`{"q": {"d": "2"}}`, `q.json:1: query "q", document "d": "2" is a number in quotes; remove the quotes: 2`},
		{`{"q": {"d": true}}`, `q.json:1: query "q", document "d": true or false where its relevance goes; give a number (1 or 0)`},
		{`{}`, `q.json: the dict holds no documents; give {"QID": {"DOCID": VALUE, …}, …}`},
		{`{"q": {}}`, `q.json: the dict holds no documents`},
		{"", `q.json: the file is empty`},
		{`{"": {"0": 0}}`, `q.json:1: query "": empty; give every row an id`},
		{"[{\"q\": 1}]", `q.json:1: a JSON array, not dict JSON`},
	} {
		_, err := ParseQrelsAs("q.json", []byte(c.data), FormatJSON)
		if assert.Error(t, err, c.data) {
			assert.Contains(t, err.Error(), c.want, c.data)
		}
	}
}

// The line of an error is the line the value is on, counted as the
// reader passes them (a pretty-printed dict of many lines).
func TestDictJSONLineNumbers(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n")
	for q := range 500 {
		fmt.Fprintf(&b, "  %q: {\n    \"d1\": 1,\n    \"d2\": 0\n  },\n", fmt.Sprint(q))
	}
	b.WriteString("  \"last\": {\n    \"d1\": 1,\n    \"d1\": 2\n  }\n}\n")
	_, err := ParseQrelsAs("q.json", []byte(b.String()), "")
	require.Error(t, err)
	assert.Equal(t, `q.json:2004: query "last", document "d1" is given twice (first on line 2003); give each document of a query once`, err.Error())
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// The reader reads dict JSON once, from the front: every byte passes
// through it once, and the lines of the TREC text it stands for come
// out as it goes (a run is streamed, never held whole).
func TestDictJSONOnePass(t *testing.T) {
	data := dictOf(makeBenchRun(200, 50, 10).inOrder, 4, 2)
	cr := &countingReader{r: bytes.NewReader(data)}
	text, err := io.ReadAll(newDictText("r.json", cr, false))
	require.NoError(t, err)
	assert.Equal(t, len(data), cr.n)
	assert.Equal(t, 200*50, bytes.Count(text, []byte("\n")))
}

// dictJSON writes TREC lines (the value in field col) as dict JSON, on
// one line as json.dump writes it (indent 0) or pretty-printed.
func dictOf(text []byte, col, indent int) []byte {
	var b bytes.Buffer
	nl := func(depth int) {
		if indent > 0 {
			b.WriteByte('\n')
			b.WriteString(strings.Repeat(" ", depth*indent))
		}
	}
	b.WriteByte('{')
	prev := ""
	for line := range bytes.Lines(text) {
		f := strings.Fields(string(line))
		if f[0] != prev {
			if prev != "" {
				nl(1)
				b.WriteString("},")
			}
			nl(1)
			fmt.Fprintf(&b, "%q: {", f[0])
			prev = f[0]
		} else {
			b.WriteByte(',')
		}
		nl(2)
		fmt.Fprintf(&b, "%q: %s", f[2], f[col])
	}
	nl(1)
	b.WriteString("}")
	nl(0)
	b.WriteString("}\n")
	return b.Bytes()
}

// FuzzDictJSON: what the reader takes from one dict, encoding/json
// takes too, with the same documents and values.
func FuzzDictJSON(f *testing.F) {
	for _, s := range []string{`{"q1": {"d1": 3, "d2": 0}, "q2": {"d1": 0.5}}`, `{"q": {}}`, `{"a\u00e9\n": {"\"": -1.5e3}}`, "{}", `{"q": {"d": 1}} {"r": {"d": 2}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d := newDictReader("t", "value", bytes.NewReader(data))
		got := map[string]map[string]string{}
		for {
			ok, err := d.next()
			if err != nil {
				if !strings.HasPrefix(err.Error(), "t:") {
					t.Fatalf("error does not name the file: %v", err)
				}
				return
			}
			if !ok {
				break
			}
			if got[d.qid] == nil {
				got[d.qid] = map[string]string{}
			}
			got[d.qid][strings.Clone(d.doc)] = string(d.val)
		}
		if d.empty || d.queries == nil || bytes.Count(data, []byte("{")) == 0 {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		want := map[string]map[string]json.Number{}
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("read %v where encoding/json says %v", got, err)
		}
		if dec.More() {
			return // several dicts
		}
		for q, docs := range want {
			for doc, v := range docs {
				if got[q][doc] != string(v) {
					t.Fatalf("query %q document %q: %q, encoding/json %q", q, doc, got[q][doc], v)
				}
			}
		}
	})
}

// One query of a dict JSON run is the same list as from its TREC lines,
// the other queries read and checked but their lines not made.
func TestDictJSONOneQuery(t *testing.T) {
	run := makeBenchRun(30, 20, 5)
	q, err := ParseQrels("q", run.qrels)
	require.NoError(t, err)
	want, err := QueryList(q, stringSource("r", string(run.inOrder)), "407")
	require.NoError(t, err)
	src, err := RunSourceFrom("r.json", dictOf(run.inOrder, 4, 1), "")
	require.NoError(t, err)
	got, err := QueryList(q, src, "407")
	require.NoError(t, err)
	assert.Equal(t, want, got)
	// A broken document of another query is still found.
	src, err = RunSourceFrom("r.json", []byte(`{"407": {"a": 1}, "408": {"b": null}}`), "")
	require.NoError(t, err)
	_, err = QueryList(q, src, "407")
	assert.ErrorContains(t, err, `query "408", document "b": null where its score goes`)
}
