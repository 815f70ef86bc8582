package e2e

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// plainText fails on an escape sequence or a character of box drawing
// or of a bar: what a screen reader reads aloud as noise.
func plainText(t *testing.T, what, out string) {
	t.Helper()
	for _, r := range out {
		if r == '\x1b' || r >= 0x2500 && r <= 0x259F {
			t.Fatalf("%s: %q is not plain text:\n%s", what, r, out)
		}
	}
}

// TestAccessibleThroughAPipe: the binary, with its commands on a pipe
// as a script or a screen reader's shell gives them, and over OpenSSH
// for an attendee who asks (ssh NAME@HOST accessible). By hand, grades
// 3,2,3,0,1, linear gain, k=5: grade 2 3 makes rank 2 add 3 × 1/log2(3)
// = 1.893; DCG@5 = 3 + 1.8928 + 1.5 + 0 + 0.3869 = 6.7797, the ideal
// 3,3,3,1,0: IDCG@5 = 3 + 1.8928 + 1.5 + 0.4307 = 6.8235, NDCG@5 =
// 0.99358 (0.994).
func TestAccessibleThroughAPipe(t *testing.T) {
	testenv.Slow(t)
	bin := build(t)
	want := "Rank 2, B, grade 3: gain 3, discount 0.631, adds 1.893. DCG@5 is 6.78, IDCG@5 6.82, NDCG@5 0.994.\n"
	cmd := exec.Command(bin, "--accessible", "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5")
	cmd.Stdin = strings.NewReader("grade 2 3\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("--accessible from a pipe: %v", err)
	}
	if !strings.Contains(string(out), want) {
		t.Errorf("--accessible from a pipe should say %q; it said:\n%s", want, out)
	}
	plainText(t, "--accessible", string(out))

	needSSH(t)
	s := startServe(t, bin, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5")
	ssh := exec.Command("ssh", append(append(append([]string{"-p", s.port}, sshOptions...), noKey...), "ada@127.0.0.1", "accessible")...)
	ssh.Stdin = strings.NewReader("grade 2 3\nquit\n")
	out, err = ssh.Output()
	if err != nil {
		t.Fatalf("ssh ada@127.0.0.1 accessible: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), want) {
		t.Errorf("ssh ada@127.0.0.1 accessible should say %q; it said:\n%s", want, out)
	}
	plainText(t, "ssh … accessible", string(out))
	s.waitLog(t, "ada asked for plain lines (accessible)")
}
