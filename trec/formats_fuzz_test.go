package trec

import (
	"strings"
	"testing"
)

// fuzzTable: any bytes in format f give rows or an error naming the
// file, never a panic; rows read become TREC lines that the TREC
// readers take (a document judged twice aside, which they report).
func fuzzTable(f *testing.F, format Format, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := ParseTable("t", data, format)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "t:") && !strings.HasPrefix(err.Error(), "t: ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if tb.HasLabel {
			text, err := tb.QrelsText()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ParseQrels("t", text); err != nil && !strings.Contains(err.Error(), "judged twice") {
				t.Fatalf("rows read give qrels TREC refuses: %v\n%s", err, text)
			}
		}
		if tb.HasScore {
			text, err := tb.RunText()
			if err != nil {
				t.Fatal(err)
			}
			var l runLine
			for i, line := range strings.Split(string(text), "\n") {
				if _, msg := parseRunLine([]byte(line), &l); msg != "" {
					t.Fatalf("line %d of the run text: %s\n%s", i+1, msg, text)
				}
			}
		}
	})
}

func FuzzTableCSV(f *testing.F) {
	fuzzTable(f, FormatCSV, ",qid,docid,label,score\n0,1,a,2,0.5\n1,1,b,0,0.9\n", "query_id,doc_id,relevance\n1,\"a,b\",1\n", "qid,label\n1,2\n\n2,1e3\n")
}

func FuzzTableTSV(f *testing.F) {
	fuzzTable(f, FormatTSV, "qid\tdocno\tscore\n1\ta\t0.5\n", "Query\tx\tPrediction\n1\t\"q\t-1\n")
}

func FuzzTableBEIR(f *testing.F) {
	fuzzTable(f, FormatBEIR, "query-id\tcorpus-id\tscore\n1\ta\t1\n1\tb\t0\n")
}

func FuzzTableJSONL(f *testing.F) {
	fuzzTable(f, FormatJSONL, "{\"qid\": \"1\", \"docid\": \"a\", \"label\": 2}\n{\"qid\": 1, \"docid\": \"b\", \"label\": \"0\"}\n", "{\"query_id\": \"q\", \"score\": 1e5}")
}

func FuzzTableDict(f *testing.F) {
	fuzzTable(f, FormatJSON, "{\"q1\": {\"d1\": 3, \"d2\": 0}, \"q2\": {\"d1\": 0.5}}", "{\"q\": {}}", "[1]")
}

func FuzzTableMSMARCO(f *testing.F) {
	fuzzTable(f, FormatMSMARCO, "1\tp1\t1\n1\tp2\t2\n# c\n2 p1 1\n")
}

// FuzzDetectFormat: detection never panics and always names a format.
func FuzzDetectFormat(f *testing.F) {
	f.Add([]byte("{\"qid\": 1}\n"))
	f.Add([]byte("query-id\tcorpus-id\tscore\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if DetectFormat(data) == "" {
			t.Fatal("no format")
		}
	})
}
