/* Cube maps: face selection, face-space derivatives and seamless adjacency (sampling.md §4). */
#include <math.h>
#include <stdlib.h>

#include "unit/internal.h"

/* Table of §4.1: for each face (+X, -X, +Y, -Y, +Z, -Z), the major axis and which direction
 * component (with which sign) gives s_c and t_c. */
static const struct {
    int major, s_axis, s_sign, t_axis, t_sign;
} face_table[6] = {
    {0, 2, -1, 1, -1}, /* +X: sc = -rz, tc = -ry */
    {0, 2, +1, 1, -1}, /* -X: sc = +rz, tc = -ry */
    {1, 0, +1, 2, +1}, /* +Y: sc = +rx, tc = +rz */
    {1, 0, +1, 2, -1}, /* -Y: sc = +rx, tc = -rz */
    {2, 0, +1, 1, -1}, /* +Z: sc = +rx, tc = -ry */
    {2, 0, -1, 1, -1}, /* -Z: sc = -rx, tc = -ry */
};

/* Major axis by Vulkan's recommended tie rule: z wins over y and x, y wins over x. */
static int major_axis(double ax, double ay, double az)
{
    if (az >= ax && az >= ay)
        return 2;
    if (ay >= ax)
        return 1;
    return 0;
}

void tmu_unit_cube_face(const float dir[3], int *face, float *s, float *t, float *ma)
{
    if (isnan(dir[0]) || isnan(dir[1]) || isnan(dir[2])) {
        *face = 0, *s = 0.5f, *t = 0.5f, *ma = 0.0f;
        return;
    }
    int axis = major_axis(fabsf(dir[0]), fabsf(dir[1]), fabsf(dir[2]));
    float m = fabsf(dir[axis]);
    if (m == 0.0f) {
        *face = 0, *s = 0.5f, *t = 0.5f, *ma = 0.0f;
        return;
    }
    int f = 2 * axis + (dir[axis] < 0.0f ? 1 : 0);
    float sc = (float)face_table[f].s_sign * dir[face_table[f].s_axis];
    float tc = (float)face_table[f].t_sign * dir[face_table[f].t_axis];
    *face = f;
    *s = 0.5f * (sc / m) + 0.5f;
    *t = 0.5f * (tc / m) + 0.5f;
    *ma = m;
}

void tmu_unit_cube_axes(const float p[3], int face, double *n, double *s, double *t)
{
    int f = face < 0 || face > 5 ? 0 : face;
    *n = (f & 1) ? -(double)p[face_table[f].major] : (double)p[face_table[f].major];
    *s = face_table[f].s_sign * (double)p[face_table[f].s_axis];
    *t = face_table[f].t_sign * (double)p[face_table[f].t_axis];
}

void tmu_unit_cube_deriv(const float dir[3], int face, const float d[3], float *ds, float *dt)
{
    int major = face_table[face].major;
    float rc = dir[major];
    float m = fabsf(rc);
    if (!(m > 0.0f)) {
        *ds = 0.0f, *dt = 0.0f;
        return;
    }
    float sc = (float)face_table[face].s_sign * dir[face_table[face].s_axis];
    float tc = (float)face_table[face].t_sign * dir[face_table[face].t_axis];
    float dsc = (float)face_table[face].s_sign * d[face_table[face].s_axis];
    float dtc = (float)face_table[face].t_sign * d[face_table[face].t_axis];
    float dm = (rc < 0.0f ? -1.0f : 1.0f) * d[major];
    float rc2 = rc * rc;
    *ds = 0.5f * (m * dsc - sc * dm) / rc2;
    *dt = 0.5f * (m * dtc - tc * dm) / rc2;
}

void tmu_unit_cube_adjacent(int face, int64_t i, int64_t j, uint32_t size, int *out_face, int32_t *oi,
                            int32_t *oj)
{
    /* Work in doubled integer units so everything is exact: the texel centre (i + 0.5, j + 0.5)
     * of a face of n texels is the direction with sc = 2i + 1 - n, tc = 2j + 1 - n, |rc| = n. */
    int64_t n = size;
    int64_t a = 2 * i + 1 - n, b = 2 * j + 1 - n;
    int64_t dir[3];
    dir[face_table[face].major] = (face & 1) ? -n : n;
    dir[face_table[face].s_axis] = face_table[face].s_sign * a;
    dir[face_table[face].t_axis] = face_table[face].t_sign * b;
    int axis = major_axis((double)llabs(dir[0]), (double)llabs(dir[1]), (double)llabs(dir[2]));
    int f = 2 * axis + (dir[axis] < 0 ? 1 : 0);
    int64_t m = llabs(dir[axis]);
    int64_t sc = face_table[f].s_sign * dir[face_table[f].s_axis];
    int64_t tc = face_table[f].t_sign * dir[face_table[f].t_axis];
    /* texel = floor(n * (0.5 * sc / m + 0.5)) = floor(n * (sc + m) / (2m)), sc + m >= 0 */
    int64_t x = n * (sc + m) / (2 * m), y = n * (tc + m) / (2 * m);
    *out_face = f;
    *oi = (int32_t)(x < 0 ? 0 : x >= n ? n - 1 : x);
    *oj = (int32_t)(y < 0 ? 0 : y >= n ? n - 1 : y);
}
