package listio

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Every reader must return a list or an *Error, never panic. Accepted
// JSON must survive a write and a read unchanged; an accepted table
// must too, once written as JSON.

func FuzzReadJSON(f *testing.F) {
	f.Add([]byte(rich))
	f.Add([]byte(`{"items": [{"grade": 3, "score": 0.9}, {"grade": 1, "score": 0.9}]}`))
	f.Add([]byte("{\"items\": [\n {\"id\": 7, \"title\": null,\n  \"grade\": 2, \"score\": null},\n {\"grade\": 1e-400}]}"))
	// The plain items' reader (fastItems) at its edges: escapes, number
	// forms, null, white space, and what it must leave to the general
	// reader.
	for _, items := range []string{
		`[{"id": "a\"b\u00e9", "title": "x\ty", "grade": -0.5e+2, "score": 1E3}, {"id": 12.50, "grade": 0}]`,
		"[ ]", "[\r\n\t{ \"grade\" : 1 } ,\n{\"grade\":2,\"score\":null,\"title\":null}\n]",
		`[{"grade": 01}]`, `[{"grade": 1,}]`, `[{"grade": 1} {"grade": 2}]`, `[{"grade": 1e999}]`, `[{"grade": 1e-400}]`,
		`[{"grade": 1, "grade": 2}]`, `[{"grade": {"x": 1}}]`, `[{"grade": "3"}]`, `[{"title": "\u0000", "grade": 1}]`,
		`[{"id": "", "grade": 1}]`, `[{"id": null, "grade": 1}]`, `[{"id": true, "grade": 1}]`, `[{}]`, `[{"grade": -}]`,
		`[{"grade": 1.}]`, `[{"grade": 1e}]`, `[{"score": 1}]`, `[{"grade": 1, "x": 2}]`, `[{"grade": 1}]]`, `[{"grade": 1}`,
	} {
		f.Add([]byte(`{"title": "t", "items": ` + items + `, "pool": [{"id": "z", "grade": 1}]}`))
	}
	f.Add([]byte(`{"items": [{"grade": 1}], "items": []}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := ReadJSON("f.json", data)
		// The items read without a tree are what the general reader reads.
		slow, slowErr := readJSON("f.json", data, false, false)
		if slowErr == nil {
			slow.pos.find = func() *positions { return recordPositions("f.json", data, FormatJSON) }
			if slowErr = slow.checkShape(); slowErr != nil {
				slow = nil
			}
		}
		require.Equal(t, slowErr, err)
		if err == nil {
			// The positions are compared as recorded, not as closures.
			slow.pos.find, doc.pos.find = nil, nil
		}
		require.Equal(t, slow, doc)
		// Both readers record the same positions when asked to.
		if fast, fastErr := readJSON("f.json", data, true, true); fastErr == nil {
			slowAt, slowAtErr := readJSON("f.json", data, false, true)
			require.NoError(t, slowAtErr)
			require.Equal(t, slowAt.pos, fast.pos)
		}
		if err != nil {
			mustBeLocated(t, err)
			return
		}
		roundTrip(t, doc)
	})
}

func FuzzReadCSV(f *testing.F) {
	f.Add([]byte("id,title,grade,score\nA,\"x, y\",3,0.5\nB,,1,0.5\n"))
	f.Add([]byte("\xef\xbb\xbfgrade\r\n1\r\n\r\n2\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := ReadCSV("f.csv", data)
		if err != nil {
			mustBeLocated(t, err)
			return
		}
		roundTrip(t, doc)
	})
}

func FuzzReadTSV(f *testing.F) {
	f.Add([]byte("id\ttitle\tgrade\tscore\nA\t5\" screen\t3\t0.5\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := ReadTSV("f.tsv", data)
		if err != nil {
			mustBeLocated(t, err)
			return
		}
		roundTrip(t, doc)
	})
}

// FuzzRead goes through format detection, as standard input does.
func FuzzRead(f *testing.F) {
	f.Add("-", []byte("id\tgrade\nA\t1\n"))
	f.Add("x.csv", []byte(`{"items": []}`))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		if doc, err := Read(name, data, ""); err != nil {
			mustBeLocated(t, err)
		} else {
			roundTrip(t, doc)
		}
	})
}

func FuzzInline(f *testing.F) {
	f.Add("3,2,3,0,1", "0.9,0.8,0.8,0.5,0.1")
	f.Add("1e400", "")
	f.Fuzz(func(t *testing.T, grades, scores string) {
		doc, err := Inline(grades, scores)
		if err != nil {
			mustBeLocated(t, err)
			return
		}
		roundTrip(t, doc)
	})
}

func mustBeLocated(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Msg == "" {
		t.Fatalf("error %q is %T, not a located *Error", err, err)
	}
}

// roundTrip writes doc as JSON with its own settings, reads it back and
// compares everything the format carries.
func roundTrip(t *testing.T, doc *Document) {
	t.Helper()
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	if err != nil {
		t.Fatalf("settings accepted by the reader fail to apply: %v", err)
	}
	out, err := WriteJSON(doc, s)
	if err != nil {
		t.Fatalf("write: %v", err)
	}
	back, err := ReadJSON("back.json", out)
	if err != nil {
		t.Fatalf("reading back what was written: %v\n%s", err, out)
	}
	s2, err := back.Settings.Apply(ndcg.DefaultSettings())
	if err != nil || !s.Equal(s2) {
		t.Fatalf("settings %v became %v (%v)", s, s2, err)
	}
	if back.Title != doc.Title || back.Notes != doc.Notes {
		t.Fatalf("title or notes changed: %q %q -> %q %q", doc.Title, doc.Notes, back.Title, back.Notes)
	}
	if !sameList(doc.List, back.List) {
		t.Fatalf("list changed:\n%+v\n%+v\n%s", doc.List, back.List, out)
	}
	if !sameJSON(doc.Claims, back.Claims) {
		t.Fatalf("claims changed: %+v -> %+v", doc.Claims, back.Claims)
	}
	if len(doc.Extra) != len(back.Extra) {
		t.Fatalf("unknown fields %v became %v", doc.Extra, back.Extra)
	}
	for k, v := range doc.Extra {
		if !sameJSON(v, back.Extra[k]) {
			t.Fatalf("field %q changed: %s -> %s", k, v, back.Extra[k])
		}
	}
}

func sameList(a, b *ndcg.List) bool {
	if len(a.Items) != len(b.Items) || len(a.Pool) != len(b.Pool) {
		return false
	}
	for i := range a.Items {
		if a.Items[i] != b.Items[i] {
			return false
		}
	}
	for i := range a.Pool {
		if a.Pool[i] != b.Pool[i] {
			return false
		}
	}
	return true
}

// sameJSON compares values by their canonical encoding.
func sameJSON(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}
