package listio

import (
	"errors"
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Locate adds where the document came from to err. An *ndcg.ItemError
// about an item still where the file had it becomes an *Error with the
// item's line and field; other errors are prefixed with the name.
func (d *Document) Locate(err error) error {
	if err == nil {
		return nil
	}
	var le *Error
	if errors.As(err, &le) {
		return err
	}
	var ie *ndcg.ItemError
	if !errors.As(err, &ie) {
		return fmt.Errorf("%s: %w", d.Name, err)
	}
	e := &Error{Name: d.Name, Field: d.itemField(ie.Index, ie.InPool, ie.Field), Msg: ie.Msg, Err: ie.Err}
	if d.pos != nil && d.pos.style == inlineStyle {
		e.Name = "--grades"
		if ie.Field == "score" {
			e.Name = "--scores"
		}
	}
	if t := d.pos.table(); t.unchanged(ie.Index, ie.InPool, ie.ID) {
		if ie.InPool {
			e.Line = t.poolLine(ie.Index, ie.Field)
		} else {
			e.Line = t.itemLine(ie.Index, ie.Field)
		}
	} else {
		// The list was edited since it was read, or the input cannot be
		// read again: name the item, not a line.
		e.Field = fmt.Sprintf("item %s %s", termsafe.Quote(ie.ID), ie.Field)
	}
	return e
}

// itemField names an item's field the way its format does: items[2].grade
// in JSON, the column in a table, the position in an inline list.
func (d *Document) itemField(i int, pool bool, field string) string {
	style := jsonStyle
	if d.pos != nil {
		style = d.pos.style
	}
	switch style {
	case tableStyle:
		if field == "" {
			return fmt.Sprintf("row %d", i+1)
		}
		return "column " + field
	case inlineStyle:
		return fmt.Sprintf("value %d", i+1)
	}
	arr := "items"
	if pool {
		arr = "pool"
	}
	if field == "" {
		return fmt.Sprintf("%s[%d]", arr, i)
	}
	return fmt.Sprintf("%s[%d].%s", arr, i, field)
}

type posStyle int

const (
	jsonStyle posStyle = iota
	tableStyle
	inlineStyle
)

// positions locate the items in the input, for the errors found after
// reading. Nothing is kept per item while the list is in use: a list of
// a million items would otherwise hold 48 MB of line numbers that only
// an error message ever reads. When an error needs a line, find reads
// the input again and records where each item was (see table).
type positions struct {
	style posStyle
	// items and pool are recorded only by a reading made to locate an
	// error, for inline values (which have no lines, only ids), and for
	// one query taken from a table or a data set (a few hundred rows,
	// whose source is too large to read again for a message).
	items, pool []itemPos
	// find reads the input again, recording positions; nil when the
	// input cannot be read again (standard input, once read) or has no
	// lines. It returns nil when the reading fails.
	find func() *positions
}

// table is p with its positions recorded: p itself when it holds them
// or has no way to find them, else a fresh reading, which the caller
// drops when done.
func (p *positions) table() *positions {
	if p == nil || p.find == nil || p.items != nil || p.pool != nil {
		return p
	}
	if t := p.find(); t != nil {
		return t
	}
	return &positions{style: p.style}
}

// unchanged reports whether the item at index is still the one read
// there, so that its recorded line is its line.
func (p *positions) unchanged(index int, pool bool, id string) bool {
	if p == nil || index < 0 {
		return false
	}
	if pool {
		return index < len(p.pool) && p.pool[index].item == id
	}
	return index < len(p.items) && p.items[index].item == id
}

// recordPositions reads data again, as format f, only to record where
// each item was; nil when it cannot be read. Items read without an id
// are named as checkShape names them, so that unchanged recognises them.
func recordPositions(name string, data []byte, f Format) *positions {
	var doc *Document
	var err error
	if f == FormatCSV || f == FormatTSV {
		doc, err = readTable(name, data, tableSep(f), true)
	} else {
		doc, err = parseJSON(name, data, true)
	}
	if err != nil {
		return nil
	}
	doc.nameUnnamed()
	return doc.pos
}

// itemPos is where one item and its fields were.
type itemPos struct {
	// item is the id the item had, to tell whether it is still there.
	item                   string
	line, id, grade, score int
}

func (p itemPos) of(field string) int {
	switch field {
	case "id":
		return p.id
	case "grade":
		return p.grade
	case "score":
		return p.score
	}
	return p.line
}

func (p *positions) itemLine(i int, field string) int {
	if p == nil || i < 0 || i >= len(p.items) {
		return 0
	}
	return p.items[i].of(field)
}

func (p *positions) poolLine(i int, field string) int {
	if p == nil || i < 0 || i >= len(p.pool) {
		return 0
	}
	return p.pool[i].of(field)
}

// at is " (line N)" for an item, when known.
func (p *positions) at(i int, pool bool) string {
	line := 0
	if pool {
		line = p.poolLine(i, "")
	} else {
		line = p.itemLine(i, "")
	}
	if line == 0 || p.style == inlineStyle {
		return ""
	}
	return fmt.Sprintf(" (line %d)", line)
}
