package serve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// The passphrase file and the host key are read within a bound, and
// only when they are regular files: /dev/zero given as either ran the
// server out of memory in 22–35 s.
func TestFilesReadAreBounded(t *testing.T) {
	_, err := ReadPassphrase("/dev/zero")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--passphrase-file: /dev/zero is a device, not a regular file")

	big := filepath.Join(t.TempDir(), "pass.txt")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(MaxPassphraseFileBytes+1))
	require.NoError(t, f.Close())
	_, err = ReadPassphrase(big)
	assert.ErrorContains(t, err, "is larger than 64 KiB")

	_, err = New(Config{HostKeyPath: "/dev/zero", Doc: testDoc(t), Settings: ndcg.DefaultSettings()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot use /dev/zero as the host key: /dev/zero is a device, not a regular file")

	// The page's certificate and key too, read at start, where they
	// were read only when the page began to serve, and without a bound.
	key := filepath.Join(t.TempDir(), "host_key")
	_, err = New(Config{HostKeyPath: key, Web: "127.0.0.1:0", TLSCert: "/dev/zero", TLSKey: "/dev/zero", Doc: testDoc(t), Settings: ndcg.DefaultSettings()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--tls-cert: /dev/zero is a device, not a regular file")
}
