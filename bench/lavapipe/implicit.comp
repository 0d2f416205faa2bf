#version 450
// Peer of tmu's implicit_trilinear_rgba8 row (tools/tmu/bench_sample.h): a fragment-style
// trilinear sample of a floor receding to the horizon (as `tmu render --perspective`), one
// invocation per pixel of a 1024x128 screen tiled with 2x2 quads (invocation id: quad = id >> 2,
// x = bit 0, y = bit 1, 512 quads a row), drifting by a texel per iteration as the coherent
// cases do.  Compute shaders have no implicit derivatives, so each invocation evaluates the
// coordinates of its quad's pixels (x0, y0), (x0 + 1, y0), (x0, y0 + 1) and passes their
// differences to textureGrad: the coarse derivatives a fragment quad would give (and tmu uses).
// Run with peer_bench's trilinear case: PEER_SPV=implicit.spv peer_bench S R rgba8_trilinear_random_lod0-4
// (its MODE 4 / COORD 0 pipeline, full mip chain, trilinear sampler); MODE 1 is the ALU baseline.
layout(local_size_x = 64) in;

layout(constant_id = 0) const uint MODE = 0u;
layout(constant_id = 1) const uint COORD = 0u;

layout(binding = 0) uniform sampler2D tex;
layout(std430, binding = 1) buffer Out { vec4 data[]; } outb;
layout(push_constant) uniform PC { uint iters; uint seed; } pc;

vec2 floor_uv(float x, float y, float fi, float fi8) {
    float fx = (x + 0.5) * (1.0 / 1024.0), fy = (y + 0.5) * (1.0 / 128.0);
    float depth = 1.0 / (fy + 0.02);
    return vec2(0.5 + (fx - 0.5) * depth * 0.25 + fi * (1.0 / 1024.0), depth * 0.1 + fi8 * (1.0 / 1024.0));
}

void main() {
    uint id = gl_GlobalInvocationID.x;
    uint q = (id >> 2) & 32767u;
    float x0 = float(2u * (q & 511u)), y0 = float(2u * (q >> 9));
    float x = x0 + float(id & 1u), y = y0 + float((id >> 1) & 1u);
    vec4 acc = vec4(0.0);
    for (uint i = 0u; i < pc.iters; i++) {
        float fi = float(i), fi8 = float(i >> 3);
        vec2 p = floor_uv(x, y, fi, fi8);
        if (MODE == 1u) {
            acc += vec4(p, p.x * p.y, p.x + p.y);
        } else {
            vec2 p00 = floor_uv(x0, y0, fi, fi8);
            vec2 dx = floor_uv(x0 + 1.0, y0, fi, fi8) - p00, dy = floor_uv(x0, y0 + 1.0, fi, fi8) - p00;
            acc += textureGrad(tex, p, dx, dy);
        }
    }
    outb.data[id] = acc;
}
