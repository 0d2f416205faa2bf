# A GCN program for `tmu gcn run` (README): sample the texture whose T# is in s[8:15] with the
# S# in s[16:19] at (v4, v5), then wait for the result.
image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
s_waitcnt vmcnt(0)
