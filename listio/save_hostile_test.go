package listio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// listOf is a list of n items all of one grade.
func listOf(n int, grade float64) *Document {
	items := make([]ndcg.Item, n)
	for i := range items {
		items[i] = ndcg.Item{ID: "d" + strconv.Itoa(i), Grade: grade}
	}
	return &Document{List: &ndcg.List{Items: items}}
}

// temps lists the temporary files in dir.
func temps(t *testing.T, dir string) []string {
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestSaveThroughSymlinkReplacesTheTarget(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "real"), 0o755))
	target := filepath.Join(dir, "real", "list.json")
	require.NoError(t, os.WriteFile(target, []byte(`{"items": [{"grade": 1}]}`), 0o640))
	// link2 -> link1 -> real/list.json, the first one relative.
	link1 := filepath.Join(dir, "link1.json")
	require.NoError(t, os.Symlink("real/list.json", link1))
	link2 := filepath.Join(dir, "link2.json")
	require.NoError(t, os.Symlink(link1, link2))

	require.NoError(t, saveJSON(link2, listOf(2, 3), ndcg.DefaultSettings()))

	for _, l := range []string{link1, link2} {
		fi, err := os.Lstat(l)
		require.NoError(t, err)
		assert.True(t, fi.Mode()&os.ModeSymlink != 0, "%s is still a link", l)
	}
	doc, err := Load(target, nil, "")
	require.NoError(t, err)
	assert.Len(t, doc.List.Items, 2, "the target holds the new list")
	fi, err := os.Stat(target)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o640), fi.Mode().Perm(), "the target keeps its mode")
	assert.Empty(t, temps(t, dir))
	assert.Empty(t, temps(t, filepath.Join(dir, "real")))

	// A link to a file not written yet: the file is created where it points.
	dangling := filepath.Join(dir, "new.json")
	require.NoError(t, os.Symlink("real/new.json", dangling))
	require.NoError(t, saveJSON(dangling, listOf(1, 1), ndcg.DefaultSettings()))
	_, err = os.Stat(filepath.Join(dir, "real", "new.json"))
	assert.NoError(t, err)
}

func TestStaleTempsAreRemovedOnSaveAndOpen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"grade": 1}]}`), 0o644))
	// A process id that cannot be running (beyond Linux's pid_max).
	dead := ".list.json.99999999.123.tmp"
	mine := fmt.Sprintf(".list.json.%d.456.tmp", os.Getpid())
	oldStyle := ".list.json.789.tmp"
	newStyle := ".list.json.790.tmp"
	other := ".other.json.99999999.1.tmp"
	notOurs := ".list.json.backup.tmp"
	for _, n := range []string{dead, mine, oldStyle, newStyle, other, notOurs} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte("{"), 0o644))
	}
	hourAgo := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(filepath.Join(dir, oldStyle), hourAgo, hourAgo))

	_, err := Load(path, nil, "")
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{mine, newStyle, other, notOurs}, temps(t, dir), "opening removes the stale ones")

	require.NoError(t, os.WriteFile(filepath.Join(dir, dead), []byte("{"), 0o644))
	require.NoError(t, saveJSON(path, listOf(1, 2), ndcg.DefaultSettings()))
	assert.ElementsMatch(t, []string{mine, newStyle, other, notOurs}, temps(t, dir), "saving removes them too")
}

// Reading a list for a command that never writes it, or one query of a
// table (never saved over the table), leaves a killed save's temporary
// file alone: clearing it is for what opens the list to edit and save.
func TestStaleTempsAreLeftByReadOnlyLoads(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"grade": 1}]}`), 0o644))
	table := filepath.Join(dir, "runs.csv")
	require.NoError(t, os.WriteFile(table, []byte("qid,docid,label\n1,d1,1\n"), 0o644))
	dead := []string{".list.json.99999999.123.tmp", ".runs.csv.99999999.123.tmp"}
	for _, n := range dead {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte("{"), 0o644))
	}
	_, err := LoadReadOnly(path, nil, "")
	require.NoError(t, err)
	_, err = LoadQuery(table, nil, "1")
	require.NoError(t, err)
	assert.ElementsMatch(t, dead, temps(t, dir))

	_, err = Load(path, nil, "")
	require.NoError(t, err)
	assert.Equal(t, dead[1:], temps(t, dir), "Load, the explorer's, clears the list's")
}

// A save through a link writes its temporary file beside the target, so
// opening the list through the link clears what a killed save left there.
func TestStaleTempsAreRemovedOnOpenThroughALink(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "real"), 0o755))
	target := filepath.Join(dir, "real", "list.json")
	require.NoError(t, os.WriteFile(target, []byte(`{"items": [{"grade": 1}]}`), 0o644))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink("real/list.json", link))
	dead := filepath.Join(dir, "real", ".list.json.99999999.123.tmp")
	require.NoError(t, os.WriteFile(dead, []byte("{"), 0o644))

	_, err := Load(link, nil, "")
	require.NoError(t, err)
	assert.Empty(t, temps(t, filepath.Join(dir, "real")), "opening the link clears the target's stale temporary files")
}

// failingFile is a temporary file on a disk that fills up after a few
// bytes.
type failingFile struct {
	*os.File
	room int
}

func (f *failingFile) Write(p []byte) (int, error) {
	if len(p) > f.room {
		n, _ := f.File.Write(p[:f.room])
		return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
	}
	f.room -= len(p)
	return f.File.Write(p)
}

func TestSaveOnAFullDiskKeepsTheOriginal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	orig := []byte(`{"items": [{"grade": 1}]}`)
	require.NoError(t, os.WriteFile(path, orig, 0o644))
	old := createTemp
	t.Cleanup(func() { createTemp = old })
	createTemp = func(dir, pattern string) (tempFile, error) {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, err
		}
		return &failingFile{File: f, room: 100}, nil
	}
	err := saveJSON(path, listOf(1000, 2), ndcg.DefaultSettings())
	require.Error(t, err)
	assert.Equal(t, path+": no space left on device; the file on disk is unchanged", err.Error())
	got, _ := os.ReadFile(path)
	assert.Equal(t, orig, got)
	assert.Empty(t, temps(t, dir))
}

func TestSaveInAReadOnlyDirectoryKeepsTheOriginal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	orig := []byte(`{"items": [{"grade": 1}]}`)
	require.NoError(t, os.WriteFile(path, orig, 0o644))
	if os.Geteuid() == 0 {
		// root writes anywhere: the refusal the directory's mode gives
		// others is played by the file system's answer.
		old := createTemp
		t.Cleanup(func() { createTemp = old })
		createTemp = func(dir, pattern string) (tempFile, error) {
			return nil, &os.PathError{Op: "open", Path: filepath.Join(dir, pattern), Err: syscall.EACCES}
		}
	} else {
		require.NoError(t, os.Chmod(dir, 0o555))
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
	}
	err := saveJSON(path, listOf(3, 2), ndcg.DefaultSettings())
	require.Error(t, err)
	assert.Equal(t, "cannot write in "+dir+": permission denied; the file on disk is unchanged", err.Error())
	got, _ := os.ReadFile(path)
	assert.Equal(t, orig, got)
	assert.Empty(t, temps(t, dir))
}

// TestMain lets the crash test run this binary as the saving process.
func TestMain(m *testing.M) {
	if path := os.Getenv("LISTIO_SAVE_LOOP"); path != "" {
		saveLoop(path)
		return
	}
	os.Exit(m.Run())
}

// saveLoop saves the lists in path+".a" and path+".b" to path in turn,
// for ever, saying "ready" once it has read them.
func saveLoop(path string) {
	a, err := os.ReadFile(path + ".a")
	if err != nil {
		panic(err)
	}
	b, err := os.ReadFile(path + ".b")
	if err != nil {
		panic(err)
	}
	fmt.Println("ready")
	for i := 0; ; i++ {
		data := a
		if i%2 == 1 {
			data = b
		}
		if err := WriteFileAtomic(path, data); err != nil {
			panic(err)
		}
	}
}

// TestKilledSaveLoop kills a process saving 100,000 items in a loop at
// random moments, 50 times: the file always holds exactly one of the two
// lists (and parses as it), and the next save leaves no temporary file.
func TestKilledSaveLoop(t *testing.T) {
	testenv.Slow(t) // kills 50 saving processes
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	s := ndcg.DefaultSettings()
	a, err := WriteJSON(listOf(100_000, 1), s)
	require.NoError(t, err)
	b, err := WriteJSON(listOf(100_000, 2), s)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path+".a", a, 0o644))
	require.NoError(t, os.WriteFile(path+".b", b, 0o644))
	require.NoError(t, WriteFileAtomic(path, a))
	rng := rand.New(rand.NewPCG(16, 17))
	left := 0
	for round := range 50 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "LISTIO_SAVE_LOOP="+path)
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		line, err := bufio.NewReader(out).ReadString('\n')
		require.NoError(t, err)
		require.Equal(t, "ready\n", line)
		time.Sleep(time.Duration(rng.IntN(200)) * time.Millisecond)
		require.NoError(t, cmd.Process.Kill())
		err = cmd.Wait()
		var ee *exec.ExitError
		require.True(t, errors.As(err, &ee), "round %d: the saver was killed, not %v", round, err)

		left += len(temps(t, dir))
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		require.True(t, bytes.Equal(got, a) || bytes.Equal(got, b), "round %d: the old list or the new one, whole", round)
		if round == 0 || round == 49 {
			doc, err := Load(path, nil, "")
			require.NoError(t, err, "round %d: the file parses", round)
			require.Len(t, doc.List.Items, 100_000)
		}
		require.NoError(t, WriteFileAtomic(path, got))
		require.Empty(t, temps(t, dir), "round %d: the next save removes what the killed one left", round)
	}
	t.Logf("temporary files left by a kill (removed by the next open or save): %d in 50 rounds", left)
}
