; An ir3 program for `tmu asm --isa ir3 --input` and `tmu ir3 run` (README): fetch texel
; (r0.x, r0.y) of t#0 as integers, then copy lane 0's result across the wave.
isam (u32)(x)r1.x, r0.x, s#0, t#0
(sy)brcst.active.w4 (u32)(x)r2.x, r1.x
