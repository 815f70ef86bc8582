package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Every named gain (a GainKind before GainMap) is completed for --gain
// and named in its help, as the recipe for a gain says
// (CONTRIBUTING, A gain; ndcg's TestEveryNamedGainIsEverywhere holds
// its places in settings.go).
func TestEveryNamedGainIsCompletedAndDescribed(t *testing.T) {
	_, completed, _ := mainWith("", "__complete", "report", "--gain", "")
	_, help, _ := mainWith("", "report", "--help")
	var flag string
	for _, l := range strings.Split(help, "\n") {
		if strings.Contains(l, "--gain") {
			flag = l
		}
	}
	for k := ndcg.GainKind(0); k < ndcg.GainMap; k++ {
		g := ndcg.Gain{Kind: k}
		assert.Contains(t, completed, g.String()+"\n", "--gain completes %s", g)
		assert.Contains(t, flag, g.String()+" ("+g.Formula()+")", "--gain's help names %s", g)
	}
}
