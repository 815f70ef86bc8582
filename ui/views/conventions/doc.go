// Package conventions is the conventions view (F4, on the preset
// in force): this list's NDCG@k under every preset side by side, where
// each departs from the conventions in force, and, one setting at a time, what each departure
// does on this list; enter applies the selected preset.
//
// Files: conventions.go.
package conventions
