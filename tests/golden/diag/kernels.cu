// The module some diagnostic fixtures of this folder declare (`module "kernels.cu";`):
// graphc check reads that it exists (E0019 otherwise); the fixtures' errors are elsewhere.
