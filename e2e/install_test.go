package e2e

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

const module = "github.com/ndcg-explorer/ndcg-explorer"

// TestGoInstall proves that "go install MODULE@VERSION" builds the
// program: it serves this repository as version v0.2.0 from a GOPROXY
// of plain files (the layout proxy.golang.org serves), with the
// dependencies from the module cache's own download directory (the same
// layout), and nothing from the network. The installed binary then
// reports the version go install recorded.
func TestGoInstall(t *testing.T) {
	t.Parallel()
	testenv.Slow(t)
	goBin := testenv.Tool(t, "go", "golang-go")
	testenv.Tool(t, "git", "git") // to list the repository's files
	root := repoRoot()
	const version = "v0.2.0"

	// The proxy: MODULE/@v/{list, VERSION.info, VERSION.mod, VERSION.zip}.
	proxy := t.TempDir()
	dir := filepath.Join(proxy, filepath.FromSlash(module), "@v")
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "list"), []byte(version+"\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, version+".info"), []byte(`{"Version":"`+version+`","Time":"2026-11-23T00:00:00Z"}`), 0o644))
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(dir, version+".mod"), gomod, 0o644))
	writeModuleZip(t, root, filepath.Join(dir, version+".zip"), module+"@"+version)

	cache := strings.TrimSpace(goEnv(t, goBin, "GOMODCACHE"))
	gobin := t.TempDir()
	cmd := exec.Command(goBin, "install", module+"@"+version)
	cmd.Dir = t.TempDir() // outside any module
	cmd.Env = append(os.Environ(),
		"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(filepath.Join(cache, "cache", "download")),
		"GOMODCACHE="+t.TempDir(), // a fresh cache, so everything comes through the proxies
		"GOBIN="+gobin,
		"GOFLAGS=-mod=mod",
		"GONOSUMDB="+module, "GONOSUMCHECK=1", "GOSUMDB=off",
		"GOTOOLCHAIN=local",
	)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install %s@%s: %v\n%s", module, version, err, out)
	}
	out, err := exec.Command(filepath.Join(gobin, "ndcg-explorer"), "--version").CombinedOutput()
	if err != nil {
		t.Fatalf("ndcg-explorer --version: %v\n%s", err, out)
	}
	if got, want := string(out), "ndcg-explorer version "+version+"\n"; got != want {
		t.Errorf("--version printed %q, want %q", got, want)
	}
}

// writeModuleZip zips the repository's tracked files under prefix, as a
// module zip holds them.
func writeModuleZip(t *testing.T, root, path, prefix string) {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	list, err := cmd.Output()
	must(t, err)
	f, err := os.Create(path)
	must(t, err)
	defer f.Close()
	zw := zip.NewWriter(f)
	for _, name := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, name))
		if os.IsNotExist(err) {
			continue // deleted in the work tree
		}
		must(t, err)
		w, err := zw.Create(prefix + "/" + name)
		must(t, err)
		_, err = w.Write(data)
		must(t, err)
	}
	must(t, zw.Close())
}

func goEnv(t *testing.T, goBin, name string) string {
	t.Helper()
	out, err := exec.Command(goBin, "env", name).Output()
	must(t, err)
	return string(out)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// A release build sets the version at link time, over the build's own.
func TestVersionAtLinkTime(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "ndcg-explorer")
	cmd := exec.Command("go", "build", "-ldflags", "-X "+module+"/cli.version=v9.8.7", "-o", bin, ".")
	cmd.Dir = repoRoot()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, flag := range []string{"-v", "--version"} {
		out, err := exec.Command(bin, flag).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", flag, err, out)
		}
		if got := string(out); got != "ndcg-explorer version v9.8.7\n" {
			t.Errorf("%s printed %q", flag, got)
		}
	}
}
