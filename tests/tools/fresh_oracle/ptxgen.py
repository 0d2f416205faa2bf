#!/usr/bin/env python3
"""Q2's own random PTX tex/tld4/txq line generator (knows nothing of tmu).
Writes ptx_oracle.py --batch lines: 'mode=.. target=.. version=.. :: INSTR'."""
import random, sys
seed, count = int(sys.argv[1]), int(sys.argv[2])
R = random.Random(seed)
GEOMS = ["1d","2d","3d","a1d","a2d","cube","acube","2dms","a2dms"]
NC = {"1d":1,"2d":2,"3d":4,"a1d":2,"a2d":4,"cube":4,"acube":4,"2dms":4,"a2dms":4}
ND = {"1d":1,"2d":2,"3d":4,"a1d":1,"a2d":2,"cube":4,"acube":4,"2dms":2,"a2dms":2}  # grad/offset dims
TV = [("sm_90","9.0")]*6 + [("sm_20","2.3"),("sm_30","3.1"),("sm_50","4.2"),("sm_52","4.3"),("sm_60","5.0"),
      ("sm_60","7.0"),("sm_70","6.3"),("sm_75","7.1"),("sm_80","7.0"),("sm_86","7.2"),("sm_89","8.0"),
      ("sm_90","7.8"),("sm_90","8.5"),("sm_100a","8.6"),("sm_100a","8.7"),("sm_120","8.7"),("sm_120","9.0"),
      ("sm_75","6.0"),("sm_35","4.0"),("sm_53","4.2"),("sm_90","2.3"),("sm_90","6.5")]
def reg(k): 
    lim = {"f":32,"r":32,"u":32,"b":32,"h":16,"hh":16,"w":16,"rd":16,"bd":8,"p":8}[k]
    return "%%%s%d" % (k, R.randrange(lim))
def vec(kinds): return "{" + ",".join(reg(k) for k in kinds) + "}"
def pick(*a): return R.choice(a)
def imm_f(): return pick("0f3F000000","0f00000000","1.5","0d3FE0000000000000","2","-1.0")
def offsets(n):
    if R.random()<0.5: return vec(["r"]*n)
    return "{" + ",".join(str(R.choice([0,1,-1,7,-8,8,-9,31,-32,32,100]) ) for _ in range(n)) + "}"
def texop(mode):
    if mode=="independent": return pick("t0","t1","pt","%rd1","t0","pt")
    return pick("t0","t1","%rd1","%bd1","t0","%rd1")
def sampop(): return pick("s0","s1","ps","%rd2","s0")
def dtype_regs(dt, n=4):
    k = {"f32":"f","s32":"r","u32":"u","f16":"h","f16x2":"hh"}[dt]
    return vec([k]*n)
def coords(g, ct):
    k = "f" if ct=="f32" else "r"
    n = NC[g]
    ks = [k]*n
    if g in ("a1d","a2d","acube"): ks[0] = pick("u","u","r")
    if g in ("2dms","a2dms"): ks = ["u" if i==0 and g=="a2dms" else "r" for i in range(n)]
    if g=="2dms": ks=["r","r","r","r"] if R.random()<0.5 else ["u","r","r"][:3]+["r"]
    return vec(ks)
def mk_tex(mode):
    g = R.choice(GEOMS); mip = pick("","",".base",".level",".grad")
    if R.random()<0.2: dt, vs = "f16x2", "v2"
    else: dt, vs = pick("f32","s32","u32","f16","f32"), "v4"
    ct = pick("f32","s32","f32")
    if g in ("2dms","a2dms"): ct = pick("s32","s32","f32")
    d = dtype_regs(dt, 2 if vs=="v2" else 4)
    if R.random()<0.15: d += "|" + reg("p")
    t = texop(mode)
    if mode=="independent" or R.random()<0.1: a = "[%s, %s, %s]" % (t, sampop(), coords(g,ct))
    else: a = "[%s, %s]" % (t, coords(g,ct))
    ops = [d, a]
    if mip==".level": ops.append(pick(reg("f"), reg("f"), imm_f(), reg("r")))
    if mip==".grad":
        n = ND[g]; ops += [vec(["f"]*n), vec(["f"]*n)]
    if R.random()<0.3: ops.append(offsets(ND[g]))
    if R.random()<0.25: ops.append(pick(reg("f"), imm_f()))
    return "tex%s.%s.%s.%s.%s %s;" % (mip, g, vs, dt, ct, ", ".join(ops))
def mk_tld4(mode):
    comp = pick("r","g","b","a"); g = pick("2d","2d","a2d","cube","acube")
    dt = pick("f32","s32","u32")
    d = dtype_regs(dt)
    if R.random()<0.2: d += "|" + reg("p")
    t = texop(mode)
    if mode=="independent" or R.random()<0.1: a = "[%s, %s, %s]" % (t, sampop(), coords(g,"f32"))
    else: a = "[%s, %s]" % (t, coords(g,"f32"))
    ops = [d, a]
    if R.random()<0.35: ops.append(offsets(2))
    if R.random()<0.25: ops.append(pick(reg("f"), imm_f()))
    return "tld4.%s.%s.v4.%s.f32 %s;" % (comp, g, dt, ", ".join(ops))
TQ = ["width","height","depth","channel_data_type","channel_order","normalized_coords","array_size",
      "num_mipmap_levels","num_samples"]
SQ = ["force_unnormalized_coords","filter_mode","addr_mode_0","addr_mode_1","addr_mode_2"]
def mk_txq(mode):
    if R.random()<0.25:
        q = pick("width","height","depth"); return "txq.level.%s.b32 %s, [%s], %s;" % (q, pick(reg("r"),reg("b"),reg("u")), texop(mode), pick(reg("r"),reg("u"),"0",reg("f")))
    if R.random()<0.3:
        q = R.choice(SQ); return "txq.%s.b32 %s, [%s];" % (q, pick(reg("r"),reg("b")), sampop() if R.random()<0.7 else texop(mode))
    q = R.choice(TQ); return "txq.%s.b32 %s, [%s];" % (q, pick(reg("r"),reg("b"),reg("u"),reg("f")), texop(mode))
MUT_TOK = ["f32","s32","u32","f16","f16x2","b32","f64","s16","v2","v4","v8","2d","3d","cube","a2d","2dms",
           "level","grad","base","r","g","b","a","clamp","ftz",""]
def mutate(s):
    k = R.randrange(8)
    if k==0:  # replace one dotted token of the opcode
        op, rest = s.split(" ",1); parts = op.split(".")
        i = R.randrange(len(parts)); parts[i] = R.choice(MUT_TOK)
        return ".".join(p for p in parts if p!="" or R.random()<0.3) + " " + rest
    if k==1:  # drop a register from a vector
        i = s.find(","); 
        j = s.rfind("{")
        if j>0:
            e = s.find("}", j); inner = s[j+1:e].split(",")
            if len(inner)>1: inner.pop(R.randrange(len(inner)))
            return s[:j+1] + ",".join(inner) + s[e:]
        return s
    if k==2:  # add a register to a vector
        j = s.find("{", s.find("[")) if "[" in s else s.find("{")
        if j>=0: return s[:j+1] + reg(pick("f","r","u")) + "," + s[j+1:]
        return s
    if k==3:  # change a register family
        import re
        regs = list(re.finditer(r"%(hh|rd|bd|[frubhwp])(\d+)", s))
        if regs:
            m = R.choice(regs); fam = pick("f","r","u","b","h","hh","w","rd","bd","p")
            lim = {"f":32,"r":32,"u":32,"b":32,"h":16,"hh":16,"w":16,"rd":16,"bd":8,"p":8}[fam]
            return s[:m.start()] + "%%%s%d" % (fam, int(m.group(2)) % lim) + s[m.end():]
        return s
    if k==4:  # drop last operand
        body = s.rstrip(";"); i = body.rfind(", ")
        return body[:i] + ";" if i>0 and body.rfind("]")<i else s
    if k==5:  # extra operand
        return s.rstrip(";") + ", " + pick(reg("f"), imm_f(), offsets(R.choice([1,2,3,4])), reg("r")) + ";"
    if k==6:  # swap texture operand
        return s.replace("[t0", "[" + pick("s0","%rd2","t1","pt","ps","%r1","%bd1","tX"), 1)
    return s.replace(";", "") if R.random()<0.1 else s.replace(" ", "  ", 1)
out = []
for i in range(count):
    mode = "independent" if R.random()<0.3 else "unified"
    tgt, ver = R.choice(TV)
    r = R.random()
    s = mk_tex(mode) if r<0.6 else mk_tld4(mode) if r<0.85 else mk_txq(mode)
    if R.random()<0.45:
        for _ in range(R.choice([1,1,2])): s = mutate(s)
    print("mode=%s target=%s version=%s :: %s" % (mode, tgt, ver, s))
