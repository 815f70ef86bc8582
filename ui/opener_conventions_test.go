package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Opening another list with o states that list's conventions in the
// header, not those of the list it replaced: a list at k=3 replaced by
// idcg-slip, at k=5.
func TestOpenStatesTheNewListsConventions(t *testing.T) {
	s := linearK5()
	s.K = 3
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), s, 120, 40)
	assert.Contains(t, strings.Split(screen(m), "\n")[1], "k=3")
	press(m, "o", "down", "enter")
	assert.Equal(t, "sample:idcg-slip", m.c.WS.Doc.Name)
	header := strings.Split(screen(m), "\n")[1]
	assert.Contains(t, header, "k=5", "the header states the opened list's k")
	assert.NotContains(t, header, "k=3")
}
