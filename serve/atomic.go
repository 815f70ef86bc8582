package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/tls"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	gossh "golang.org/x/crypto/ssh"

	"github.com/ndcg-explorer/ndcg-explorer/internal/boundedfile"
)

// writeAtomic writes data to path so that the file is either as it was
// or whole: into a temporary file beside it, synced, then renamed over
// it. A failure (a full disk) removes the temporary file and leaves path
// untouched; a half-written host key would make every later start fail.
func writeAtomic(path string, data []byte, perm os.FileMode) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}()
	if err = f.Chmod(perm); err != nil {
		return err
	}
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// ensureHostKey makes an ed25519 host key at path when there is none.
// The key's directory is made (mode 0700) only when it does not exist:
// an existing one keeps its mode (the working directory of
// --host-key host_key, or a shared /tmp, must not become private).
func ensureHostKey(path string) error {
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		return nil // there, or unreadable: the SSH library says which
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("cannot make the directory for the host key: %v (give another place with --host-key)", err)
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	block, err := gossh.MarshalPrivateKey(priv, "")
	if err != nil {
		return err
	}
	if err := writeAtomic(path, pem.EncodeToMemory(block), 0o600); err != nil {
		return fmt.Errorf("cannot write the host key to %s: %v (free some space there, or give another path with --host-key)", path, err)
	}
	return nil
}

// maxHostKeyBytes bounds the host key read: an ed25519 key's PEM is 400
// bytes, an RSA key of 16384 bits some 13 KiB.
const maxHostKeyBytes = 64 << 10

// readHostKey reads the host key at path, within its bound: a named
// pipe or a device given as --host-key is refused at once.
func readHostKey(path string) ([]byte, error) {
	data, err := boundedfile.Read(path, maxHostKeyBytes)
	if err != nil {
		return nil, fmt.Errorf("cannot use %s as the host key: %v (give another path with --host-key; a missing file is made)", path, err)
	}
	return data, nil
}

// maxTLSBytes bounds each of the page's certificate and key files read:
// a chain of a few certificates is some kilobytes.
const maxTLSBytes = 1 << 20

// readTLS reads the page's certificate and key (PEM) within their
// bound, at start: a named pipe or a device given as either is refused
// at once, and a pair that does not go together is said before anyone
// connects.
func readTLS(certPath, keyPath string) (tls.Certificate, error) {
	cert, err := boundedfile.Read(certPath, maxTLSBytes)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("--tls-cert: %v (give the certificate's PEM file)", err)
	}
	key, err := boundedfile.Read(keyPath, maxTLSBytes)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("--tls-key: %v (give the certificate's private key, a PEM file)", err)
	}
	pair, err := tls.X509KeyPair(cert, key)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("--tls-cert %s and --tls-key %s: %v (give a certificate and its own key, both PEM)", certPath, keyPath, err)
	}
	return pair, nil
}
