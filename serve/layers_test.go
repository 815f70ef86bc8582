package serve

import (
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/internal/layertest"
)

// serveLayers are serve's packages from the bottom up (doc.go): the
// attendee's session knows nothing of the server, the server nothing of
// the instructor's screen. A package imports only packages of its own
// layer or below; a new one fails the test until its layer is chosen.
var serveLayers = [][]string{
	{"serve/session", "serve/internal/sshtest"},
	{"serve"},
	{"serve/dashboard"},
}

func TestServePackagesImportDownwards(t *testing.T) {
	// A package's tests are held to its layer too: a test of the
	// session that needed a server would say the session does.
	layertest.Layers{Folder: "serve", Layers: serveLayers, Tests: true}.Check(t)
}
