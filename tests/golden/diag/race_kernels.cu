// The kernels of w0303-data-race.graph (the diamond sample's): graphc check reads from
// their signatures that affine may write its x and that add_halves only reads its halves.
extern "C" __global__ void affine(float* x, float a, float b, int n) {}
extern "C" __global__ void add_halves(float* out, const float* left, const float* right, int n) {}
