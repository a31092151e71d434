#!/usr/bin/env python3
"""Generates the RegDem example kernels (maxas-style sm_52 SASS) with consistent control codes.

The instruction sequences are written below by hand; this script only assigns the control codes the way a
scheduler must (barriers for variable-latency instructions, waits before dependent instructions, stall counts that
cover the 6-cycle fixed ALU latency, all barriers cleared and results ready before branches and labels).
Run: python3 gen_examples.py OUTDIR
"""
import re
import sys

VAR = {"S2R", "MUFU", "F2F", "F2I", "I2F", "I2I", "DADD", "DMUL", "DFMA", "LDG", "STG", "LD", "ST", "LDS", "STS",
       "LDL", "STL", "LDC"}
STORES = {"STG", "ST", "STS", "STL"}
NODEST = STORES | {"BRA", "SSY", "SYNC", "EXIT", "BAR", "NOP", "ISETP", "FSETP", "PSETP", "DSETP"}
JUMPS = {"BRA", "SYNC", "EXIT", "BRK", "CONT"}
DOPS = {"DADD", "DMUL", "DFMA"}
LAT = 6


def regs_of(op, mods, operands):
    """(dest regs, src regs) as register numbers, widened for 64-bit operands."""
    dest, src = [], []
    width = 2 if ("64" in mods or op in DOPS) else 1
    for k, o in enumerate(operands):
        for m in re.finditer(r"\[(R\d+)", o):
            n = int(m.group(1)[1:])
            wide = op in ("LDG", "STG", "LD", "ST") and "E" in mods
            src += [n, n + 1] if wide else [n]
        if o.startswith("["):
            continue
        m = re.fullmatch(r"[-|~]*R(\d+)(\.\w+)*\|?", o)
        if not m:
            continue
        n = int(m.group(1))
        conv = op in ("F2F", "I2F", "F2I")
        if k == 0 and op not in NODEST:
            w = width
            if conv:
                w = 2 if mods[0].endswith("64") else 1
            dest += list(range(n, n + w))
        else:
            w = width if op not in ("LDG", "LD", "LDS", "LDL") else 1
            if conv:
                w = 2 if mods[-1].endswith("64") else 1
            src += list(range(n, n + w))
    return dest, src


def schedule(body):
    out = []
    pend_w = {}   # reg -> barrier of pending variable-latency write
    pend_r = {}   # reg -> barrier of pending variable-latency read
    ready = {}    # reg -> index of producing instruction in out (fixed latency)
    busy = []     # barriers in use, oldest first

    def free_barrier():
        for b in range(1, 7):
            if b not in busy:
                return b
        return None

    def clear(b, waits):
        waits.add(b)
        for d in (pend_w, pend_r):
            for r in [r for r, x in d.items() if x == b]:
                del d[r]
        if b in busy:
            busy.remove(b)

    def take_barrier(waits):
        # a free barrier; when all six are busy, wait for the oldest one first
        b = free_barrier()
        if b is None:
            clear(busy[0], waits)
            b = free_barrier()
        busy.append(b)
        return b

    def cycles_since(i):
        return sum(out[k]["stall"] for k in range(i, len(out)))

    def need_ready(regs):
        # raise the stall of the previous instruction until every fixed-latency source is ready
        for r in regs:
            if r in ready and out:
                d = cycles_since(ready[r])
                if d < LAT:
                    out[-1]["stall"] = min(15, out[-1]["stall"] + LAT - d)

    for item in body:
        if item.endswith(":"):
            if out:
                need_ready(list(ready))
            out.append({"label": item[:-1]})
            ready.clear()
            continue
        guard = ""
        text = item.strip()
        if text.startswith("@"):
            guard, text = text.split(None, 1)
        m = re.match(r"([A-Z0-9_.]+)\s*(.*?);$", text)
        full, ops = m.group(1), m.group(2)
        parts = full.split(".")
        op, mods = parts[0], parts[1:]
        operands = [o.strip() for o in re.split(r",(?![^\[]*\])", ops)] if ops.strip() else []
        dest, src = regs_of(op, mods, operands)
        waits = set()
        for r in src + dest:
            if r in pend_w:
                clear(pend_w[r], waits)
        for r in dest:
            if r in pend_r:
                clear(pend_r[r], waits)
        if op in JUMPS or op == "BAR":
            for b in list(busy):
                clear(b, waits)
            need_ready(list(ready))
        need_ready(src)
        rb = wb = 0
        if op in VAR:
            if dest:
                wb = take_barrier(waits)
                for r in dest:
                    pend_w[r] = wb
                    ready.pop(r, None)
            if op in STORES:
                rb = take_barrier(waits)
                for r in src:
                    pend_r[r] = rb
            else:
                for r in src:
                    if wb:
                        pend_r.setdefault(r, wb)
        else:
            for r in dest:
                ready[r] = len(out)
        mask = 0
        for b in waits:
            mask |= 1 << (b - 1)
        out.append({"guard": guard, "text": text, "wait": mask, "rb": rb, "wb": wb, "stall": 1,
                    "op": op})
        if op in JUMPS:
            ready.clear()
    for o in out:
        if "op" in o and o["op"] in VAR and o["stall"] < 2:
            o["stall"] = 2
    lines = []
    for o in out:
        if "text" in o:
            o["text"] = o["text"].replace("+0x0]", "]")
        if "label" in o:
            lines.append(o["label"] + ":")
            continue
        ctrl = "%s:%s:%s:-:%x" % ("--" if o["wait"] == 0 else "%02x" % o["wait"], o["rb"] or "-", o["wb"] or "-",
                                  o["stall"])
        g = o["guard"]
        lines.append("%s %-5s %s" % (ctrl, g, o["text"]))
    return lines


def header(name, regs, smem, params, launch, consts):
    h = ["# Kernel: " + name, "# Arch: sm_52", "# InsCnt:", "# RegCnt: %d" % regs, "# SharedSize: %d" % smem,
         "# BarCnt: %d" % (1 if smem else 0), "# Params(%d):" % len(params), "#\tord:addr:size:align"]
    for i, (addr, size) in enumerate(params):
        h.append("#\t%d:0x%x:%d:0" % (i, addr, size))
    h += ["# Instructions:", "# Launch: " + launch, "", "<CONSTANT_MAPPING>"]
    h.append("{" + ", ".join('"%s": "%s"' % kv for kv in consts) + "}")
    h += ["</CONSTANT_MAPPING>", ""]
    return h


def ptr_consts(n_ptrs, extra):
    c = [("blockDimX", "c[0x0][0x8]")]
    addr = 0x140
    for i in range(n_ptrs):
        c.append(("param_%d[0]" % i, "c[0x0][0x%x]" % addr))
        c.append(("param_%d[1]" % i, "c[0x0][0x%x]" % (addr + 4)))
        addr += 8
    for j, name in enumerate(extra):
        c.append((name, "c[0x0][0x%x]" % addr))
        addr += 4
    return c


def gid_prologue():
    return ["MOV R1, c[0x0][0x20];", "S2R R0, SR_CTAID.X;", "S2R R2, SR_TID.X;",
            "XMAD R0, R0, c[0x0][0x8], R2;"]


def addr64(dst, idx_reg, shift, param):
    # dst:dst+1 = param + (idx << shift), with a carry into the high word
    return ["SHL R%d, R%d, 0x%x;" % (dst, idx_reg, shift),
            "IADD R%d.CC, R%d, %s[0];" % (dst, dst, param),
            "IADD.X R%d, RZ, %s[1];" % (dst + 1, param)]


def pressure_loop():
    n = 32
    b = gid_prologue()
    b += ["SHL R3, R0, 0x5;"]                      # first element index = gid * 32
    b += addr64(2, 3, 2, "param_0")
    for j in range(n):
        b.append("LDG.E R%d, [R2+0x%x];" % (4 + j, 4 * j))
    b += ["MOV R36, param_2;", "MOV R37, RZ;", "LOOP:"]
    for j in range(n):
        b.append("FFMA R%d, R%d, 0.5, R%d;" % (4 + j, 4 + j, 4 + (j + 1) % n))
    b += ["IADD R37, R37, 0x1;", "ISETP.LT.AND P0, PT, R37, R36, PT;", "@P0 BRA LOOP;"]
    b += ["FADD R38, R4, R5;"]
    for j in range(2, n):
        b.append("FADD R38, R38, R%d;" % (4 + j))
    b += addr64(2, 0, 2, "param_1")
    b += ["STG.E [R2], R38;", "EXIT;"]
    return header("pressure_loop", 39, 0, [(0x140, 8), (0x148, 8), (0x150, 4)],
                  "block=64 grid=2 param_0=in:16384 param_1=out:512 param_2=int:3",
                  ptr_consts(2, ["param_2"])) + schedule(b)


def dot64():
    n = 8
    b = gid_prologue()
    b += ["SHL R3, R0, 0x3;"]                      # 8 doubles per thread
    b += addr64(2, 3, 3, "param_0")
    b += ["SHL R5, R0, 0x3;"]
    b += addr64(36, 5, 3, "param_1")
    for j in range(n):
        b.append("LDG.E.64 R%d, [R2+0x%x];" % (4 + 2 * j, 8 * j))
    for j in range(n):
        b.append("LDG.E.64 R%d, [R36+0x%x];" % (20 + 2 * j, 8 * j))
    b += ["I2F.F64.S32 R38, RZ;"]
    for j in range(n):
        b.append("DFMA R38, R%d, R%d, R38;" % (4 + 2 * j, 20 + 2 * j))
    b += ["DMUL R40, R4, R20;", "DADD R38, R38, -R40;", "F2F.F32.F64 R42, R38;"]
    b += addr64(2, 0, 3, "param_2")
    b += ["STG.E.64 [R2], R38;"]
    b += addr64(36, 0, 2, "param_3")
    b += ["STG.E [R36], R42;", "EXIT;"]
    return header("dot64", 43, 0, [(0x140, 8), (0x148, 8), (0x150, 8), (0x158, 8)],
                  "block=64 grid=1 param_0=in:4096 param_1=in:4096 param_2=out:512 param_3=out:256",
                  ptr_consts(4, [])) + schedule(b)


def smem_reduce():
    b = ["MOV R1, c[0x0][0x20];", "S2R R0, SR_TID.X;", "S2R R2, SR_CTAID.X;", "XMAD R2, R2, c[0x0][0x8], R0;"]
    b += addr64(4, 2, 2, "param_0")
    b += ["LDG.E R6, [R4];", "SHL R7, R0, 0x2;", "FMUL R8, R6, R6;", "FADD R9, R6, 1;", "STS [R7], R8;",
          "STS [R7+0x400], R9;", "BAR.SYNC 0x0;", "LOP.XOR R10, R0, 0x1;", "SHL R10, R10, 0x2;",
          "LDS R11, [R10];", "LDS R12, [R10+0x400];", "FADD R13, R11, R8;", "FMUL R14, R12, R9;",
          "FFMA R15, R13, R14, R6;", "BAR.SYNC 0x0;", "STS [R7], R15;", "BAR.SYNC 0x0;",
          "LOP.XOR R16, R0, 0x2;", "SHL R16, R16, 0x2;", "LDS R17, [R16];", "FADD R18, R17, R15;",
          "FMNMX R19, R18, R13, PT;", "FADD R20, R19, R14;"]
    b += addr64(4, 2, 2, "param_1")
    b += ["STG.E [R4], R20;", "EXIT;"]
    return header("smem_reduce", 21, 2048, [(0x140, 8), (0x148, 8)],
                  "block=256 grid=2 param_0=in:2048 param_1=out:2048", ptr_consts(2, [])) + schedule(b)


def divergent():
    b = gid_prologue()
    b += addr64(2, 0, 2, "param_0")
    b += ["LDG.E R4, [R2];", "MOV R5, RZ;", "MOV R6, 0x3f800000;", "LOP.AND R7, R0, 0x3;",
          "ISETP.EQ.AND P0, PT, R7, RZ, PT;", "SSY JOIN;", "@P0 BRA EVEN;",
          "ISETP.EQ.AND P1, PT, R7, 0x1, PT;", "@!P1 BRA THREE;",
          "FMUL R5, R4, R4;", "FADD R6, R5, R4;", "IADD R8, R0, 0x7;", "I2F.F32.S32 R9, R8;",
          "FFMA R5, R9, R6, R5;", "SYNC;",
          "THREE:", "MUFU.RCP R10, R6;", "FADD R11, R4, -R10;", "FMUL R5, R11, R11;", "FADD R6, R6, R5;", "SYNC;",
          "EVEN:", "MOV R12, RZ;", "MOV R13, R4;",
          "ELOOP:", "FFMA R6, R13, 0.25, R6;", "FADD R13, R13, R6;", "IADD R12, R12, 0x1;",
          "ISETP.LT.AND P2, PT, R12, R7, PT;", "ISETP.LT.AND P3, PT, R12, 0x3, PT;",
          "PSETP.OR.AND P2, PT, P2, P3, PT;", "@P2 BRA ELOOP;",
          "FADD R5, R13, R6;", "SYNC;",
          "JOIN:", "FADD R14, R5, R6;", "FMUL R15, R14, R4;"]
    b += addr64(2, 0, 2, "param_1")
    b += ["STG.E [R2], R15;", "EXIT;"]
    return header("divergent", 16, 0, [(0x140, 8), (0x148, 8)],
                  "block=96 grid=2 param_0=in:768 param_1=out:768", ptr_consts(2, [])) + schedule(b)


def cfd_flux():
    """The shape of Rodinia CFD's cuda_compute_flux: 5 conserved variables per element, 4 neighbours, flux sums;
    68 registers (highest R67) at 192 threads."""
    b = gid_prologue()
    b += addr64(2, 0, 2, "param_0")               # R2:R3 -> variables of element i (SoA, stride = nelr*4)
    # own variables: density, momentum x/y/z, energy in R4..R8
    b += ["MOV R9, param_4;", "SHL R9, R9, 0x2;"]  # stride in bytes
    b += ["LDG.E R4, [R2];"]
    b += ["IADD R10.CC, R2, R9;", "IADD.X R11, R3, RZ;", "LDG.E R5, [R10];"]
    b += ["IADD R12.CC, R10, R9;", "IADD.X R13, R11, RZ;", "LDG.E R6, [R12];"]
    b += ["IADD R14.CC, R12, R9;", "IADD.X R15, R13, RZ;", "LDG.E R7, [R14];"]
    b += ["IADD R16.CC, R14, R9;", "IADD.X R17, R15, RZ;", "LDG.E R8, [R16];"]
    # derived own quantities: velocity, speed^2, pressure, speed of sound, flux contributions (kept live)
    b += ["MUFU.RCP R18, R4;", "FMUL R19, R5, R18;", "FMUL R20, R6, R18;", "FMUL R21, R7, R18;",
          "FMUL R22, R19, R19;", "FFMA R22, R20, R20, R22;", "FFMA R22, R21, R21, R22;",
          "FMUL R23, R4, R22;", "FFMA R23, R23, -0.5, R8;", "FMUL R23, R23, 0.4;",          # pressure
          "FMUL R24, R23, R18;", "FMUL R24, R24, 1.4;", "MUFU.SQRT R25, R24;",               # speed of sound
          "FFMA R26, R5, R19, R23;", "FMUL R27, R5, R20;", "FMUL R28, R5, R21;",           # fc momentum x
          "FMUL R29, R6, R19;", "FFMA R30, R6, R20, R23;", "FMUL R31, R6, R21;",           # fc momentum y
          "FMUL R32, R7, R19;", "FMUL R33, R7, R20;", "FFMA R34, R7, R21, R23;",           # fc momentum z
          "FADD R35, R8, R23;", "FMUL R36, R35, R19;", "FMUL R37, R35, R20;", "FMUL R38, R35, R21;",  # fc energy
          "MOV R39, RZ;", "MOV R40, RZ;", "MOV R41, RZ;", "MOV R42, RZ;", "MOV R43, RZ;",  # flux accumulators
          "MOV R44, RZ;"]                                                                   # neighbour counter
    b += addr64(46, 0, 4, "param_1")            # normals: 4 neighbours x (nx, ny, nz, neighbour index) = 16 words
    b += ["NLOOP:",
          "LDG.E R48, [R46];", "LDG.E R49, [R46+0x4];", "LDG.E R50, [R46+0x8];", "LDG.E R51, [R46+0xc];",
          "FMUL R52, R48, R48;", "FFMA R52, R49, R49, R52;", "FFMA R52, R50, R50, R52;", "MUFU.SQRT R53, R52;",
          "LOP.AND R51, R51, 0xff;", "IADD R51, R51, -0x20;",
          "ISETP.LT.AND P0, PT, R51, RZ, PT;", "@P0 BRA BOUNDARY;"]
    b += addr64(54, 51, 2, "param_0")
    b += ["LDG.E R56, [R54];",
          "IADD R54.CC, R54, R9;", "IADD.X R55, R55, RZ;", "LDG.E R57, [R54];",
          "IADD R54.CC, R54, R9;", "IADD.X R55, R55, RZ;", "LDG.E R58, [R54];",
          "IADD R54.CC, R54, R9;", "IADD.X R55, R55, RZ;", "LDG.E R59, [R54];",
          "IADD R54.CC, R54, R9;", "IADD.X R55, R55, RZ;", "LDG.E R60, [R54];",
          "MUFU.RCP R61, R56;", "FMUL R62, R57, R61;", "FMUL R63, R58, R61;", "FMUL R64, R59, R61;",
          "FMUL R65, R62, R62;", "FFMA R65, R63, R63, R65;", "FFMA R65, R64, R64, R65;",
          "FMUL R66, R56, R65;", "FFMA R66, R66, -0.5, R60;", "FMUL R66, R66, 0.4;",       # neighbour pressure
          "FMUL R67, R66, R61;", "FMUL R67, R67, 1.4;", "MUFU.SQRT R67, R67;",               # neighbour sound
          "FADD R67, R67, R25;", "FMUL R67, R67, R53;", "FMUL R67, R67, -0.25;",             # dissipation factor
          "FADD R65, R4, -R56;", "FFMA R39, R67, R65, R39;",
          "FADD R65, R5, -R57;", "FFMA R40, R67, R65, R40;",
          "FADD R65, R6, -R58;", "FFMA R41, R67, R65, R41;",
          "FADD R65, R7, -R59;", "FFMA R42, R67, R65, R42;",
          "FADD R65, R8, -R60;", "FFMA R43, R67, R65, R43;",
          "FFMA R65, R57, R62, R66;", "FADD R65, R65, R26;", "FMUL R65, R65, 0.5;", "FFMA R40, R65, R48, R40;",
          "FMUL R65, R58, R63;", "FADD R65, R65, R30;", "FMUL R65, R65, 0.5;", "FFMA R41, R65, R49, R41;",
          "FMUL R65, R59, R64;", "FADD R65, R65, R34;", "FMUL R65, R65, 0.5;", "FFMA R42, R65, R50, R42;",
          "FADD R65, R60, R66;", "FMUL R65, R65, R62;", "FADD R65, R65, R36;", "FFMA R43, R65, R48, R43;",
          "FADD R65, R57, R5;", "FFMA R39, R65, R48, R39;",
          "FADD R65, R58, R6;", "FFMA R39, R65, R49, R39;",
          "FADD R65, R59, R7;", "FFMA R39, R65, R50, R39;",
          "FMUL R65, R27, R49;", "FFMA R65, R28, R50, R65;", "FFMA R40, R65, 0.5, R40;",
          "FMUL R65, R29, R48;", "FFMA R65, R31, R50, R65;", "FFMA R41, R65, 0.5, R41;",
          "FMUL R65, R32, R48;", "FFMA R65, R33, R49, R65;", "FFMA R42, R65, 0.5, R42;",
          "FMUL R65, R37, R49;", "FFMA R65, R38, R50, R65;", "FFMA R43, R65, 0.5, R43;",
          "BRA NEXT;",
          "BOUNDARY:",
          "FMUL R65, R23, R53;", "FFMA R40, R65, R48, R40;", "FFMA R41, R65, R49, R41;", "FFMA R42, R65, R50, R42;",
          "NEXT:",
          "IADD R46.CC, R46, 0x10;", "IADD.X R47, R47, RZ;", "IADD R44, R44, 0x1;",
          "ISETP.LT.AND P1, PT, R44, 0x4, PT;", "@P1 BRA NLOOP;"]
    b += addr64(2, 0, 2, "param_2")
    b += ["STG.E [R2], R39;",
          "IADD R10.CC, R2, R9;", "IADD.X R11, R3, RZ;", "STG.E [R10], R40;",
          "IADD R12.CC, R10, R9;", "IADD.X R13, R11, RZ;", "STG.E [R12], R41;",
          "IADD R14.CC, R12, R9;", "IADD.X R15, R13, RZ;", "STG.E [R14], R42;",
          "IADD R16.CC, R14, R9;", "IADD.X R17, R15, RZ;", "STG.E [R16], R43;",
          "EXIT;"]
    return header("cuda_compute_flux", 68, 0, [(0x140, 8), (0x148, 8), (0x150, 8), (0x158, 4)],
                  "block=192 grid=1 param_0=in:7680 param_1=in:12288 param_2=out:3840 param_4=int:192",
                  ptr_consts(3, ["param_3", "param_4"])) + schedule(b)


def local_spill():
    """pressure_loop's shape as nvcc --maxrregcount would emit it: part of the values live in local memory."""
    n = 16
    b = ["MOV R1, c[0x0][0x20];", "IADD32I R1, R1, -0x20;", "S2R R0, SR_CTAID.X;", "S2R R2, SR_TID.X;",
         "XMAD R0, R0, c[0x0][0x8], R2;", "SHL R3, R0, 0x4;"]
    b += addr64(2, 3, 2, "param_0")
    for j in range(n):
        b.append("LDG.E R%d, [R2+0x%x];" % (4 + j, 4 * j))
    for j in range(4):
        b.append("STL [R1+0x%x], R%d;" % (4 * j, 16 + j))
    b += ["MOV R20, param_2;", "MOV R21, RZ;", "LOOP:"]
    for j in range(12):
        b.append("FFMA R%d, R%d, 0.5, R%d;" % (4 + j, 4 + j, 4 + (j + 1) % 12))
    for j in range(4):
        b += ["LDL R16, [R1+0x%x];" % (4 * j), "FFMA R16, R16, 0.25, R%d;" % (4 + j), "STL [R1+0x%x], R16;" % (4 * j)]
    b += ["IADD R21, R21, 0x1;", "ISETP.LT.AND P0, PT, R21, R20, PT;", "@P0 BRA LOOP;"]
    b += ["FADD R22, R4, R5;"]
    for j in range(2, 12):
        b.append("FADD R22, R22, R%d;" % (4 + j))
    for j in range(4):
        b += ["LDL R16, [R1+0x%x];" % (4 * j), "FADD R22, R22, R16;"]
    b += addr64(2, 0, 2, "param_1")
    b += ["STG.E [R2], R22;", "EXIT;"]
    return header("local_spill", 23, 0, [(0x140, 8), (0x148, 8), (0x150, 4)],
                  "block=64 grid=2 param_0=in:8192 param_1=out:512 param_2=int:3",
                  ptr_consts(2, ["param_2"])) + schedule(b)


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    for name, f in [("pressure_loop", pressure_loop), ("dot64", dot64), ("smem_reduce", smem_reduce),
                    ("divergent", divergent), ("cfd_flux", cfd_flux), ("local_spill", local_spill)]:
        with open("%s/%s.sass" % (out, name), "w") as fh:
            fh.write("\n".join(f()) + "\n")
