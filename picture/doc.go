// Package picture draws the report's charts as SVG and lays out a
// one-file HTML handout (the table, the working and the charts), for
// slides, printed handouts and write-ups. It does no I/O: it returns text.
//
// The charts are the ones the text report draws (explain's Chart values:
// contribution per rank, actual against ideal; NDCG@k for every k with the
// k in force marked; the worst/expected/best band of the tie groups and,
// with ties, the distribution over their arrangements), drawn as
// horizontal bars on one linear scale per chart, with the value written at
// the end of every bar, so a reader compares lengths and can still read
// the numbers.
//
// The SVG is written by hand rather than through gonum.org/v1/plot:
//   - the charts are bars, labels and one axis each, about three hundred
//     lines here, while gonum/plot would add a font stack and a dozen
//     packages to the binary for the same picture;
//   - the output is byte-for-byte deterministic (fixed layout arithmetic,
//     coordinates rounded to hundredths), so golden files stay stable and a
//     test can read the bars back and check that their lengths are
//     proportional to the values they show;
//   - text stays text (selectable, searchable, sharp when printed), and the
//     document scales through its viewBox.
//
// What gonum/plot would have given cheaply is PNG; a PNG comes instead from
// any SVG renderer, e.g. `report --format svg | rsvg-convert -o chart.png`.
//
// Print and colour blindness: the palette is Okabe and Ito's, and no
// meaning rests on colour alone: the ideal bars are hatched where the
// actual ones are solid and every bar is labelled; the bar of the k in
// force (or of the tie policy in force) is outlined and says so in words.
package picture
