// A stand-in for the module `k.cu` that graphs of this folder declare: graphc check reads
// that the file exists (E0019 otherwise). These goldens test parsing, DOT or the optimiser,
// never a kernel, so it holds none.
