#!/usr/bin/env python3
"""Derives .portmap files from LLVM's scheduling models through `llvm-mca -instruction-tables` (Tessera issue 21).

Usage:  python3 derive.py [--llvm-mca PATH] [--out DIR] [--cpu CPU ...]
Writes CPU-250.portmap, CPU-500.portmap for each CPU and expected.tsv (llvm-mca's #uOps and RThroughput of every
instruction of the 250 sets). The resolution rules are in README.md; the output depends only on the llvm-mca
version (recorded in every file header) and on this script. Python 3.8+, standard library only.
"""
import argparse
import itertools
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
X86_SOURCE = os.path.join(ROOT, "examples", "palmed", "skylake.portmap")
CPUS = {  # name -> (llvm-mca target flags, instruction list)
    "skylake": ([], "x86"),
    "haswell": ([], "x86"),
    "znver2": ([], "x86"),
    "znver3": ([], "x86"),
    "cortex-a57": (["-mtriple=aarch64"], "arm"),
}
SIZES = (250, 500)
# Rule 1b: LLVM groups no instruction of the list uses alone, so the tables cannot show them; copied from LLVM 14's
# X86SchedSkylakeClient.td (SKLPort237) and X86SchedHaswell.td (HWPort237), the store-address ports.
EXTRA_GROUPS = {"skylake": [["SKLPort2", "SKLPort3", "SKLPort7"]], "haswell": [["HWPort2", "HWPort3", "HWPort7"]]}
PORT_CHARS = "abdefghijklmnoqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"  # no c or p: they read as "4c*p.."

# ---------------------------------------------------------------------------------------------------- instructions
X86_REG = {"R64": ["rax", "rbx", "rcx", "rdx"], "R32": ["eax", "ebx", "ecx", "edx"], "R16": ["ax", "bx", "cx", "dx"],
           "R8": ["al", "bl", "cl", "dl"], "XMM": ["xmm1", "xmm2", "xmm3", "xmm4"],
           "YMM": ["ymm1", "ymm2", "ymm3", "ymm4"]}
X86_MEM = {"M8": "byte", "M16": "word", "M32": "dword", "M64": "qword", "M128": "xmmword", "M256": "ymmword"}


def x86_forms():
    """(name, Intel-syntax line) for every instruction of examples/palmed/skylake.portmap, in file order."""
    out = []
    with open(X86_SOURCE) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if ":" not in line:
                continue
            name = line.split(":")[0].strip()
            parts = name.split("_")
            ops = []
            for k, kind in enumerate(parts[1:]):
                if kind in X86_REG:
                    ops.append(X86_REG[kind][k])
                elif kind in X86_MEM:
                    ops.append(X86_MEM[kind] + " ptr [rdi + 64]")
                elif kind == "I8":
                    ops.append("1" if parts[0] in ("VEXTRACTF128", "VINSERTF128") else "3")
                elif kind == "I32":
                    ops.append("1000")
                else:
                    raise SystemExit("unknown operand kind " + kind + " in " + name)
            out.append((name, parts[0].lower() + (" " + ", ".join(ops) if ops else "")))
    return out


def arm_forms():
    """(name, AArch64 line): a fixed systematic list of integer, memory, scalar FP and NEON forms (~560 lines)."""
    out = []

    def add(name, text):
        out.append((name, text))
    for op in ["add", "sub", "and", "orr", "eor", "bic", "orn", "eon", "adds", "subs", "ands"]:
        add(f"{op.upper()}_X_X_X", f"{op} x0, x1, x2")
        add(f"{op.upper()}_W_W_W", f"{op} w0, w1, w2")
        add(f"{op.upper()}_X_X_X_LSL", f"{op} x0, x1, x2, lsl #3")
        add(f"{op.upper()}_W_W_W_LSL", f"{op} w0, w1, w2, lsl #3")
    for op in ["add", "sub", "adds", "subs"]:
        add(f"{op.upper()}_X_X_I", f"{op} x0, x1, #12")
        add(f"{op.upper()}_W_W_I", f"{op} w0, w1, #12")
        add(f"{op.upper()}_X_X_W_SXTW", f"{op} x0, x1, w2, sxtw")
    for op in ["and", "orr", "eor"]:
        add(f"{op.upper()}_X_X_IMM", f"{op} x0, x1, #0xff")
        add(f"{op.upper()}_W_W_IMM", f"{op} w0, w1, #0xff")
    for op in ["lsl", "lsr", "asr", "ror"]:
        add(f"{op.upper()}_X_X_I", f"{op} x0, x1, #5")
        add(f"{op.upper()}_W_W_I", f"{op} w0, w1, #5")
    for op in ["lslv", "lsrv", "asrv", "rorv", "mul", "sdiv", "udiv", "adc", "sbc", "csel", "csinc", "csinv",
               "csneg", "smulh", "umulh"]:
        if op in ("smulh", "umulh"):
            add(f"{op.upper()}_X_X_X", f"{op} x0, x1, x2")
            continue
        suffix = ", eq" if op.startswith("cs") else ""
        add(f"{op.upper()}_X_X_X", f"{op} x0, x1, x2{suffix}")
        add(f"{op.upper()}_W_W_W", f"{op} w0, w1, w2{suffix}")
    for op in ["madd", "msub"]:
        add(f"{op.upper()}_X_X_X_X", f"{op} x0, x1, x2, x3")
        add(f"{op.upper()}_W_W_W_W", f"{op} w0, w1, w2, w3")
    for op in ["smull", "umull", "smaddl", "umaddl"]:
        add(f"{op.upper()}_X_W_W" + ("_X" if "add" in op else ""),
            f"{op} x0, w1, w2" + (", x3" if "add" in op else ""))
    for op in ["clz", "cls", "rbit", "rev", "mov", "mvn", "neg", "sxtw"]:
        if op == "sxtw":
            add("SXTW_X_W", "sxtw x0, w1")
            continue
        add(f"{op.upper()}_X_X", f"{op} x0, x1")
        add(f"{op.upper()}_W_W", f"{op} w0, w1")
    for op in ["cmp", "cmn", "tst"]:
        add(f"{op.upper()}_X_X", f"{op} x1, x2")
        add(f"{op.upper()}_X_I", f"{op} x1, #{'255' if op == 'tst' else '12'}")
    add("MOVZ_X_I", "movz x0, #1234")
    add("MOVK_X_I", "movk x0, #1234, lsl #16")
    add("UBFX_X_X", "ubfx x0, x1, #4, #8")
    add("SBFX_X_X", "sbfx x0, x1, #4, #8")
    add("BFI_X_X", "bfi x0, x1, #4, #8")
    add("EXTR_X_X_X", "extr x0, x1, x2, #7")
    # memory
    for reg, name in [("x0", "X"), ("w0", "W"), ("b0", "B"), ("h0", "H"), ("s0", "S"), ("d0", "D"), ("q0", "Q")]:
        for mode, text in [("BASE", "[x9]"), ("OFF", "[x9, #16]"), ("REG", "[x9, x10]"), ("PRE", "[x9, #16]!"),
                           ("POST", "[x9], #16")]:
            add(f"LDR_{name}_{mode}", f"ldr {reg}, {text}")
            add(f"STR_{name}_{mode}", f"str {reg}, {text}")
    for op in ["ldrb", "ldrh", "ldrsb", "ldrsh", "strb", "strh"]:
        add(f"{op.upper()}_W_BASE", f"{op} w0, [x9]")
        add(f"{op.upper()}_W_OFF", f"{op} w0, [x9, #4]")
    add("LDRSW_X_BASE", "ldrsw x0, [x9]")
    add("LDUR_X", "ldur x0, [x9, #-8]")
    add("STUR_X", "stur x0, [x9, #-8]")
    for r, n in [("x", "X"), ("w", "W"), ("d", "D"), ("q", "Q"), ("s", "S")]:
        add(f"LDP_{n}", f"ldp {r}0, {r}1, [x9]")
        add(f"STP_{n}", f"stp {r}0, {r}1, [x9]")
        add(f"LDP_{n}_POST", f"ldp {r}0, {r}1, [x9], #32")
        add(f"STP_{n}_POST", f"stp {r}0, {r}1, [x9], #32")
    for arr in ["8b", "16b", "4h", "8h", "2s", "4s", "1d", "2d"]:
        add(f"LD1_{arr.upper()}", f"ld1 {{v0.{arr}}}, [x9]")
        add(f"ST1_{arr.upper()}", f"st1 {{v0.{arr}}}, [x9]")
    for arr in ["16b", "8h", "4s", "2d"]:
        add(f"LD2_{arr.upper()}", f"ld2 {{v0.{arr}, v1.{arr}}}, [x9]")
        add(f"ST2_{arr.upper()}", f"st2 {{v0.{arr}, v1.{arr}}}, [x9]")
        add(f"LD1R_{arr.upper()}", f"ld1r {{v0.{arr}}}, [x9]")
    # scalar FP
    for p, n in [("s", "S"), ("d", "D")]:
        for op in ["fadd", "fsub", "fmul", "fdiv", "fmax", "fmin", "fnmul", "fabd", "fmaxnm", "fminnm"]:
            add(f"{op.upper()}_{n}", f"{op} {p}0, {p}1, {p}2")
        for op in ["fmadd", "fmsub", "fnmadd", "fnmsub"]:
            add(f"{op.upper()}_{n}", f"{op} {p}0, {p}1, {p}2, {p}3")
        for op in ["fabs", "fneg", "fsqrt", "fmov", "frintn", "frintz", "frintm", "frintp", "frinta", "frintx"]:
            add(f"{op.upper()}_{n}", f"{op} {p}0, {p}1")
        add(f"FCMP_{n}", f"fcmp {p}0, {p}1")
        add(f"FCSEL_{n}", f"fcsel {p}0, {p}1, {p}2, eq")
        for cvt in ["fcvtzs", "fcvtzu", "fcvtas", "fcvtms"]:
            add(f"{cvt.upper()}_X_{n}", f"{cvt} x0, {p}1")
        add(f"SCVTF_{n}_X", f"scvtf {p}0, x1")
        add(f"UCVTF_{n}_X", f"ucvtf {p}0, x1")
        add(f"FMOV_{n}_GPR", f"fmov {p}0, {'x' if p == 'd' else 'w'}1")
        add(f"FMOV_GPR_{n}", f"fmov {'x' if p == 'd' else 'w'}0, {p}1")
    add("FCVT_D_S", "fcvt d0, s1")
    add("FCVT_S_D", "fcvt s0, d1")
    # NEON floating point
    for arr in ["2s", "4s", "2d"]:
        a = arr.upper()
        for op in ["fadd", "fsub", "fmul", "fdiv", "fmax", "fmin", "fmla", "fmls", "fabd", "faddp", "fmaxnm",
                   "fminnm", "fcmeq", "fcmge", "fcmgt", "frecps", "frsqrts", "fmulx"]:
            add(f"{op.upper()}_V{a}", f"{op} v0.{arr}, v1.{arr}, v2.{arr}")
        for op in ["fabs", "fneg", "fsqrt", "frintn", "frintz", "frecpe", "frsqrte", "fcvtzs", "fcvtzu", "scvtf",
                   "ucvtf"]:
            add(f"{op.upper()}_V{a}", f"{op} v0.{arr}, v1.{arr}")
    # NEON integer
    for arr in ["8b", "16b", "4h", "8h", "2s", "4s"]:
        a = arr.upper()
        for op in ["add", "sub", "mul", "mla", "mls", "and", "orr", "eor", "bic", "cmeq", "cmgt", "cmhi", "smax",
                   "umax", "smin", "umin", "sabd", "uabd", "addp", "sqadd", "uqadd", "sqsub", "uqsub", "shadd",
                   "urhadd", "zip1", "zip2", "uzp1", "trn1", "sshl", "ushl"]:
            if op in ("and", "orr", "eor", "bic") and arr not in ("8b", "16b"):
                continue
            add(f"{op.upper()}_V{a}", f"{op} v0.{arr}, v1.{arr}, v2.{arr}")
        for op in ["abs", "neg", "cnt", "not", "rev64", "cls", "clz"]:
            if op in ("cnt", "not") and arr not in ("8b", "16b"):
                continue
            add(f"{op.upper()}_V{a}", f"{op} v0.{arr}, v1.{arr}")
        for op in ["shl", "ushr", "sshr", "usra", "ssra", "sri", "sli"]:
            add(f"{op.upper()}_V{a}_I", f"{op} v0.{arr}, v1.{arr}, #3")
        add(f"DUP_V{a}_GPR", f"dup v0.{arr}, w1")
        add(f"DUP_V{a}_ELEM", f"dup v0.{arr}, v1.{arr[-1]}[1]")
    for arr in ["2d"]:
        for op in ["add", "sub", "cmeq", "cmgt", "sshl", "ushl", "zip1", "addp"]:
            add(f"{op.upper()}_V2D", f"{op} v0.2d, v1.2d, v2.2d")
        for op in ["shl", "ushr", "sshr", "usra"]:
            add(f"{op.upper()}_V2D_I", f"{op} v0.2d, v1.2d, #3")
    for src, dst in [("8b", "8h"), ("4h", "4s"), ("2s", "2d")]:
        for op in ["smull", "umull", "saddl", "uaddl", "ssubl", "usubl", "smlal", "umlal", "sabdl"]:
            add(f"{op.upper()}_V{dst.upper()}", f"{op} v0.{dst}, v1.{src}, v2.{src}")
        add(f"SXTL_V{dst.upper()}", f"sxtl v0.{dst}, v1.{src}")
        add(f"XTN_V{src.upper()}", f"xtn v0.{src}, v1.{dst}")
        add(f"SQXTN_V{src.upper()}", f"sqxtn v0.{src}, v1.{dst}")
    for arr in ["16b", "8h", "4s"]:
        add(f"ADDV_{arr.upper()}", f"addv {arr[-1]}0, v1.{arr}")
        add(f"UMAXV_{arr.upper()}", f"umaxv {arr[-1]}0, v1.{arr}")
    add("TBL_V16B", "tbl v0.16b, {v1.16b}, v2.16b")
    add("EXT_V16B", "ext v0.16b, v1.16b, v2.16b, #3")
    add("BSL_V16B", "bsl v0.16b, v1.16b, v2.16b")
    add("BIF_V16B", "bif v0.16b, v1.16b, v2.16b")
    add("MOVI_V16B", "movi v0.16b, #7")
    add("MOVI_V2D", "movi v0.2d, #0")
    add("INS_V4S_GPR", "ins v0.s[1], w1")
    add("UMOV_W_V4S", "umov w0, v1.s[1]")
    return out


# ---------------------------------------------------------------------------------------------------- llvm-mca
def run_mca(mca, flags, cpu, lines, syntax_intel, extra=()):
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        if syntax_intel:
            f.write(".intel_syntax noprefix\n")
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        p = subprocess.run([mca, *flags, "-mcpu=" + cpu, *extra, path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    return p, (1 if syntax_intel else 0)


def dispatch_width(mca, flags, cpu, line, intel):
    p, _ = run_mca(mca, flags, cpu, [line], intel)
    m = re.search(r"Dispatch Width:\s+(\d+)", p.stdout)
    if not m:
        raise SystemExit("llvm-mca printed no dispatch width for " + cpu + ":\n" + p.stderr)
    return int(m.group(1))


def tables(mca, flags, cpu, forms, intel):
    """Per accepted form: (name, asm, uops, rthroughput, {unit: pressure}); plus the rejected forms and units."""
    p, shift = run_mca(mca, flags, cpu, [a for _, a in forms], intel, ["-instruction-tables"])
    rejected = set()
    for m in re.finditer(r"^[^:\n]*\.s:(\d+):\d+: error: (.*)$", p.stderr, re.M):
        rejected.add(int(m.group(1)) - 1 - shift)
    accepted = [f for k, f in enumerate(forms) if k not in rejected]
    text = p.stdout
    info = text.split("Instructions:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    units = re.findall(r"^\[(\d+(?:\.\d+)?)\]\s+- (\S+)$", text.split("Resources:\n", 1)[1].split("\n\n", 1)[0], re.M)
    unit_names = [n + ("." + i.split(".")[1] if "." in i else "") for i, n in units]
    press = text.split("Resource pressure by instruction:\n", 1)[1].splitlines()[1:]
    press = [l for l in press if l.strip()]
    if len(info) != len(accepted) or len(press) != len(accepted):
        raise SystemExit(f"{cpu}: {len(accepted)} accepted forms but {len(info)}/{len(press)} table rows")
    rows = []
    for (name, asm), il, pl in zip(accepted, info, press):
        f = il.split()
        toks = pl.split()
        vals = toks[:len(unit_names)]
        pr = {u: float(v) for u, v in zip(unit_names, vals) if v != "-"}
        rows.append((name, asm, int(f[0]), float(f[2]), pr))
    return rows, [forms[k] for k in sorted(rejected)], unit_names


# ---------------------------------------------------------------------------------------------------- resolution
def family(unit):
    """An LLVM resource with several units (Zn3LSU.0-2) is one group of its instances."""
    return unit.split(".")[0]


def port_chars(units):
    chars, used = {}, set()
    for u in units:
        m = re.search(r"Port(\d)$", u)
        if m and m.group(1) not in used:
            chars[u] = m.group(1)
            used.add(m.group(1))
    free = [c for c in PORT_CHARS if c not in used]
    for u in units:
        if u not in chars:
            chars[u] = free.pop(0)
    return chars


def known_groups(rows, units):
    """Rule 1: LLVM groups seen in the tables: the instances of one multi-unit resource, and the units of every
    instruction whose pressure is one level v (one resource or group used alone), unless that set splits into
    smaller such sets each taking whole cycles (v*|g| whole: then it is several resources used together, rule 3)."""
    multi = {}
    for u in units:
        multi.setdefault(family(u), []).append(u)
    base = {frozenset(v) for v in multi.values() if len(v) > 1}
    seen = {}
    for _, _, _, _, pr in rows:
        levels = {round(v, 2) for v in pr.values()}
        if len(levels) == 1 and pr:
            seen.setdefault(frozenset(pr), set()).add(levels.pop())
    cands = base | set(seen) | {frozenset([u]) for u in units}

    def whole(g, level):
        return abs(level * len(g) - round(level * len(g))) < 0.011 * len(g)

    def splits(s, level, top=True):
        """s is a disjoint union of >= 2 known groups (the last piece may be any rest), each taking whole cycles."""
        if not top and whole(s, level):
            return True
        first = min(s)
        for g in cands:
            if first in g and g < s and whole(g, level) and splits(s - g, level, False):
                return True
        return False
    groups = set(base)
    for s, levels in seen.items():
        if len(s) == 1 or any(not splits(s, v) for v in levels):
            groups.add(s)
    return groups


def decompose(pr, groups):
    """Rule 2: level sets. Sort the distinct pressures v1 < v2 < ...; the units with pressure >= vk take
    (vk - vk-1) cycles each. Each level set is covered by disjoint known groups (those taking whole cycles at that
    step and larger ones tried first); units no known group covers form one more group. A group g at step d carries
    d*|g| cycles. The first cover (in that order, searched depth-first) whose totals per group are whole numbers and
    give back llvm-mca's pressures (to its 2 decimals) is taken; None when there is none."""
    steps = []
    prev = 0.0
    for v in sorted({round(x, 2) for x in pr.values()}):
        steps.append((frozenset(u for u, x in pr.items() if round(x, 2) >= v), v - prev))
        prev = v
    budget = [20000]
    groups = set(groups) | {frozenset([u]) for u in pr}  # every unit is an LLVM resource of its own

    def whole(x, n):
        return abs(x - round(x)) <= 0.011 * n + 1e-9

    def covers(left, d):
        if not left:
            yield []
            return
        budget[0] -= 1
        if budget[0] < 0:
            return
        first = min(left)
        opts = sorted((g for g in groups if first in g and g <= left),
                      key=lambda g: (not whole(d * len(g), len(g)), -len(g), sorted(g)))
        for g in opts:
            for rest in covers(left - g, d):
                yield [g] + rest
        yield [left]  # the rest as one group

    def search(k, terms):
        if k == len(steps):
            out = {g: round(c) for g, c in terms.items()}
            if any(n <= 0 or not whole(c, len(g)) for (g, c), n in zip(terms.items(), out.values())):
                return None
            back = {}
            for g, n in out.items():
                for u in g:
                    back[u] = back.get(u, 0.0) + n / len(g)
            if set(back) != set(pr) or any(abs(back[u] - pr[u]) > 0.011 for u in pr):
                return None
            return out
        level, d = steps[k]
        seen = set()
        for cover in covers(level, d):
            key = frozenset(cover)
            if key in seen:
                continue
            seen.add(key)
            t = dict(terms)
            for g in cover:
                t[g] = t.get(g, 0.0) + d * len(g)
            r = search(k + 1, t)
            if r is not None:
                return r
            if budget[0] < 0:
                return None
        return None
    return search(0, {})


def alone_cycles(terms, uops, width):
    """Seed 000 digest §2.3 for one instruction: max over unions J of its groups of load(J)/|J|, and μOPs/width."""
    best = uops / width if width else 0.0
    gs = list(terms)
    for r in range(1, len(gs) + 1):
        for combo in itertools.combinations(gs, r):
            j = frozenset().union(*combo)
            load = sum(n for g, n in terms.items() if g <= j)
            best = max(best, load / len(j))
    return best


def derive(mca, cpu, out_dir, version):
    flags, kind = CPUS[cpu]
    forms = x86_forms() if kind == "x86" else arm_forms()
    intel = kind == "x86"
    rows, rejected, units = tables(mca, flags, cpu, forms, intel)
    width = dispatch_width(mca, flags, cpu, forms[0][1], intel)
    chars = port_chars(units)
    groups = known_groups(rows, units) | {frozenset(g) for g in EXTRA_GROUPS.get(cpu, [])}
    lines, skipped = [], []
    for name, asm, uops, rthr, pr in rows:
        terms = decompose(pr, groups) if pr else {}
        if terms is None:
            skipped.append((name, "pressure is no sum of whole cycles on groups"))
            continue
        if not terms and uops == 0:
            skipped.append((name, "no resource and no μOP"))
            continue
        parts = []
        for g, n in sorted(terms.items(), key=lambda t: sorted(chars[u] for u in t[0])):
            busy = "c" if n > uops else ""  # rule 4: more cycles than μOPs -> a unit held n cycles
            parts.append(f"{n}{busy}*p" + "".join(sorted(chars[u] for u in g)))
        usage = "+".join(parts)
        lines.append((name, asm, uops, rthr, alone_cycles(terms, uops, width),
                      (usage + " " if usage else "") + f"uops {uops}"))
    written = {}
    for size in SIZES:
        if len(lines) < size:
            raise SystemExit(f"{cpu}: only {len(lines)} instructions, {size} wanted")
        chosen = lines[:size] if size == max(SIZES) else lines[:max(SIZES)][::max(SIZES) // size]
        path = os.path.join(out_dir, f"{cpu}-{size}.portmap")
        with open(path, "w") as f:
            f.write(f"# Derived from LLVM {version} `llvm-mca {' '.join(flags + ['-mcpu=' + cpu])} -instruction-tables`"
                    f" by derive.py; see README.md (rules).\n")
            f.write(f"# {len(forms)} forms tried, {len(rejected)} rejected by llvm-mca, {len(skipped)} not"
                    f" resolvable; " + (f"the first {size} of the rest" if size == max(SIZES) else
                                                  f"the {size} at even positions (0, 2, ...) of the {max(SIZES)}")
                    + ".\n")
            f.write("# ports: " + ", ".join(f"{chars[u]}={u}" for u in units) + "\n")
            f.write(f"machine {cpu}-{size}\n")
            f.write("ports " + " ".join(sorted(chars.values())) + "\n")
            f.write(f"issue-width {width}\n")
            for name, asm, uops, rthr, t, usage in chosen:
                f.write(f"{name}: {usage}  # {asm}\n")
        written[size] = chosen
    return written, rejected, skipped, width, len(forms)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--llvm-mca", default="llvm-mca")
    ap.add_argument("--out", default=HERE)
    ap.add_argument("--cpu", nargs="*", default=list(CPUS))
    a = ap.parse_args()
    v = subprocess.run([a.llvm_mca, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"LLVM version (\S+)", v)
    version = m.group(1) if m else "unknown"
    expected = ["cpu\tinstruction\tuops\tdispatch_width\tllvm_rthroughput\tderived_cycles\tasm"]
    for cpu in a.cpu:
        written, rejected, skipped, width, tried = derive(a.llvm_mca, cpu, a.out, version)
        same = sum(1 for r in written[500] if abs(max(r[3], r[2] / width) - r[4]) < 0.006)
        print(f"{cpu}: width {width}, {tried} forms, {len(rejected)} rejected, {len(skipped)} unresolved; 500-set:"
              f" derived alone-throughput = max(RThroughput, uops/width) for {same}/500", file=sys.stderr)
        for name, why in skipped:
            print(f"  unresolved {name}: {why}", file=sys.stderr)
        for name, asm in rejected:
            print(f"  rejected {name}: {asm}", file=sys.stderr)
        for name, asm, uops, rthr, t, _ in written[500]:
            expected.append(f"{cpu}\t{name}\t{uops}\t{width}\t{rthr:.2f}\t{t:.4f}\t{asm}")
    if set(a.cpu) == set(CPUS):
        with open(os.path.join(a.out, "expected.tsv"), "w") as f:
            f.write("\n".join(expected) + "\n")


if __name__ == "__main__":
    main()
