// The module the diagnostic fixtures of this folder declare (`module "k.cu";`): graphc
// check reads that it exists (E0019 otherwise); the fixtures' errors are elsewhere.
