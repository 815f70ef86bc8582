// Package boundedfile reads the small files a program is given by path
// (a room's state, a passphrase, a host key, the guided path's
// progress) with a bound: a named pipe, a device or a directory is
// refused at once, without waiting on it, and a file larger than the
// bound is refused before it is read, rather than read until memory
// runs out (/dev/zero named as a passphrase file took 22–35 s to die).
package boundedfile
