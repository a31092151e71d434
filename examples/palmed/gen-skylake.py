#!/usr/bin/env python3
"""Writes skylake.portmap: a Skylake-like port mapping (uops.info notation) from public port-usage knowledge
(uops.info / Agner Fog tables for Skylake client, rounded to the common cases). Port 'd' models the non-pipelined
divider/sqrt unit (a μOP on 'd' occupies it one cycle). See docs/palmed.md for the assumptions."""
L = []
def add(name, usage): L.append(f"{name}: {usage}")
ALU = "1*p0156"; LOAD = "1*p23"; STA = "1*p237"; STD = "1*p4"
for op in ["ADD", "SUB", "AND", "OR", "XOR"]:
    for sz in ["R64", "R32", "R16", "R8"]:
        add(f"{op}_{sz}_{sz}", ALU)
    add(f"{op}_R64_I32", ALU); add(f"{op}_R32_I32", ALU); add(f"{op}_R64_I8", ALU)
    add(f"{op}_R64_M64", f"{ALU}+{LOAD}"); add(f"{op}_R32_M32", f"{ALU}+{LOAD}")
    add(f"{op}_M64_R64", f"{ALU}+{LOAD}+{STA}+{STD}"); add(f"{op}_M32_I32", f"{ALU}+{LOAD}+{STA}+{STD}")
for op in ["CMP", "TEST"]:
    for sz in ["R64", "R32", "R16", "R8"]:
        add(f"{op}_{sz}_{sz}", ALU)
    add(f"{op}_R64_I32", ALU); add(f"{op}_M64_R64", f"{ALU}+{LOAD}")
for sz in ["R64", "R32", "R16"]:
    add(f"MOV_{sz}_{sz}", ALU)
add("MOV_R64_I32", ALU); add("MOV_R32_I32", ALU)
add("MOV_R64_M64", LOAD); add("MOV_R32_M32", LOAD); add("MOV_R16_M16", f"{ALU}+{LOAD}")
add("MOV_M64_R64", f"{STA}+{STD}"); add("MOV_M32_R32", f"{STA}+{STD}"); add("MOV_M64_I32", f"{STA}+{STD}")
for op in ["INC", "DEC", "NEG", "NOT"]:
    add(f"{op}_R64", ALU); add(f"{op}_R32", ALU)
for op in ["SHL", "SHR", "SAR", "ROL", "ROR"]:
    add(f"{op}_R64_I8", "1*p06"); add(f"{op}_R32_I8", "1*p06")
for op in ["BSR", "BSF", "POPCNT", "LZCNT", "TZCNT"]:
    add(f"{op}_R64_R64", "1*p1"); add(f"{op}_R32_R32", "1*p1"); add(f"{op}_R64_M64", f"1*p1+{LOAD}")
add("IMUL_R64_R64", "1*p1"); add("IMUL_R32_R32", "1*p1"); add("IMUL_R64_M64", f"1*p1+{LOAD}")
add("IMUL_R64_R64_I32", "1*p1"); add("IMUL_R32_R32_I32", "1*p1"); add("IMUL_R16_R16", "1*p1")
for cc in ["CMOVE", "CMOVNE", "CMOVL", "CMOVGE", "CMOVLE", "CMOVG", "CMOVB", "CMOVAE", "CMOVS", "CMOVNS"]:
    add(f"{cc}_R64_R64", "1*p06"); add(f"{cc}_R32_R32", "1*p06")
for cc in ["CMOVA", "CMOVBE"]:
    add(f"{cc}_R64_R64", "2*p06")
for cc in ["SETE", "SETNE", "SETL", "SETG", "SETB", "SETA"]:
    add(f"{cc}_R8", "1*p06")
add("LEA_R64_M64", "1*p15"); add("LEA_R32_M32", "1*p15")
add("MOVZX_R32_R8", ALU); add("MOVZX_R64_R16", ALU); add("MOVSX_R64_R8", ALU); add("MOVSX_R64_R16", ALU)
add("MOVSXD_R64_R32", ALU); add("BSWAP_R64", "1*p15"); add("BSWAP_R32", "1*p15")
add("BT_R64_R64", "1*p06"); add("BT_R64_I8", "1*p06")
for sz in ["R64", "R32"]:
    add(f"ANDN_{sz}_{sz}_{sz}", "1*p15"); add(f"SHLX_{sz}_{sz}_{sz}", "1*p06"); add(f"SHRX_{sz}_{sz}_{sz}", "1*p06")
    add(f"SARX_{sz}_{sz}_{sz}", "1*p06"); add(f"BLSR_{sz}_{sz}", "1*p15"); add(f"BLSI_{sz}_{sz}", "1*p15")
    add(f"BLSMSK_{sz}_{sz}", "1*p15"); add(f"PDEP_{sz}_{sz}_{sz}", "1*p1"); add(f"PEXT_{sz}_{sz}_{sz}", "1*p1")
    add(f"BZHI_{sz}_{sz}_{sz}", "1*p15"); add(f"RORX_{sz}_{sz}_I8", "1*p06")
# SSE floating point
for op in ["ADD", "SUB", "MUL", "MIN", "MAX"]:
    for t, m in [("PS", "M128"), ("PD", "M128"), ("SS", "M32"), ("SD", "M64")]:
        add(f"{op}{t}_XMM_XMM", "1*p01"); add(f"{op}{t}_XMM_{m}", f"1*p01+{LOAD}")
for op in ["ANDPS", "ANDPD", "ORPS", "ORPD", "XORPS", "XORPD", "ANDNPS"]:
    add(f"{op}_XMM_XMM", "1*p015")
add("BLENDPS_XMM_XMM_I8", "1*p015"); add("ANDPS_XMM_M128", f"1*p015+{LOAD}"); add("XORPS_XMM_M128", f"1*p015+{LOAD}")
add("DIVPS_XMM_XMM", "1*p0+3*pd"); add("DIVPD_XMM_XMM", "1*p0+4*pd"); add("DIVSS_XMM_XMM", "1*p0+3*pd")
add("DIVSD_XMM_XMM", "1*p0+4*pd"); add("SQRTPS_XMM_XMM", "1*p0+3*pd"); add("SQRTSD_XMM_XMM", "1*p0+4*pd")
add("SQRTSS_XMM_XMM", "1*p0+3*pd"); add("DIVPS_XMM_M128", f"1*p0+3*pd+{LOAD}")
for op in ["SHUFPS", "SHUFPD"]:
    add(f"{op}_XMM_XMM_I8", "1*p5")
for op in ["UNPCKLPS", "UNPCKHPS", "UNPCKLPD", "UNPCKHPD", "MOVLHPS", "MOVHLPS"]:
    add(f"{op}_XMM_XMM", "1*p5")
for op in ["CVTDQ2PS", "CVTPS2DQ", "CVTTPS2DQ"]:
    add(f"{op}_XMM_XMM", "1*p01")
add("CVTSS2SD_XMM_XMM", "1*p01+1*p5"); add("CVTSD2SS_XMM_XMM", "1*p01+1*p5"); add("CVTPS2PD_XMM_XMM", "1*p01+1*p5")
add("CVTSI2SD_XMM_R64", "1*p01+1*p5"); add("CVTSI2SS_XMM_R32", "1*p01+1*p5")
add("CVTTSD2SI_R64_XMM", "1*p0+1*p01"); add("CVTTSS2SI_R32_XMM", "1*p0+1*p01")
add("ROUNDPS_XMM_XMM_I8", "2*p01"); add("ROUNDSD_XMM_XMM_I8", "2*p01")
add("MOVAPS_XMM_XMM", "1*p015"); add("MOVAPS_XMM_M128", LOAD); add("MOVUPS_XMM_M128", LOAD)
add("MOVAPS_M128_XMM", f"{STA}+{STD}"); add("MOVUPS_M128_XMM", f"{STA}+{STD}")
add("MOVSS_XMM_M32", LOAD); add("MOVSD_XMM_M64", LOAD); add("MOVSS_M32_XMM", f"{STA}+{STD}")
add("MOVD_R32_XMM", "1*p0"); add("MOVQ_R64_XMM", "1*p0"); add("MOVD_XMM_R32", "1*p5"); add("MOVQ_XMM_R64", "1*p5")
# SSE integer
for op in ["PADDB", "PADDW", "PADDD", "PADDQ", "PSUBB", "PSUBW", "PSUBD", "PSUBQ", "PAND", "PANDN", "POR", "PXOR",
           "PCMPEQB", "PCMPEQW", "PCMPEQD", "PCMPGTB", "PCMPGTD", "PMINSD", "PMAXSD", "PMINUB", "PMAXUB",
           "PABSD", "PABSB", "PSIGND", "PAVGB", "PAVGW"]:
    ports = "1*p015" if op in ["PADDB", "PADDW", "PADDD", "PADDQ", "PSUBB", "PSUBW", "PSUBD", "PSUBQ", "PAND",
                               "PANDN", "POR", "PXOR"] else "1*p01"
    add(f"{op}_XMM_XMM", ports); add(f"{op}_XMM_M128", f"{ports}+{LOAD}")
for op in ["PMULLW", "PMULHW", "PMULUDQ", "PMULDQ", "PMADDWD", "PMADDUBSW"]:
    add(f"{op}_XMM_XMM", "1*p01"); add(f"{op}_XMM_M128", f"1*p01+{LOAD}")
add("PMULLD_XMM_XMM", "2*p01"); add("PCMPGTQ_XMM_XMM", "1*p5"); add("PSADBW_XMM_XMM", "1*p5")
for op in ["PSHUFB", "PUNPCKLBW", "PUNPCKHBW", "PUNPCKLWD", "PUNPCKLDQ", "PUNPCKHDQ", "PUNPCKLQDQ", "PACKSSDW",
           "PACKUSWB", "PACKSSWB"]:
    add(f"{op}_XMM_XMM", "1*p5"); add(f"{op}_XMM_M128", f"1*p5+{LOAD}")
for op in ["PSHUFD", "PSHUFLW", "PSHUFHW", "PALIGNR", "PBLENDW"]:
    add(f"{op}_XMM_XMM_I8", "1*p5" if op != "PBLENDW" else "1*p5")
for op in ["PSLLD", "PSRLD", "PSRAD", "PSLLQ", "PSRLQ", "PSLLW", "PSRLW", "PSRAW"]:
    add(f"{op}_XMM_I8", "1*p01")
add("PSLLDQ_XMM_I8", "1*p5"); add("PSRLDQ_XMM_I8", "1*p5")
add("PMOVMSKB_R32_XMM", "1*p0"); add("MOVMSKPS_R32_XMM", "1*p0"); add("PTEST_XMM_XMM", "1*p0+1*p5")
add("PHADDD_XMM_XMM", "2*p5+1*p015"); add("PHADDW_XMM_XMM", "2*p5+1*p015")
add("MOVDQA_XMM_XMM", "1*p015"); add("MOVDQA_XMM_M128", LOAD); add("MOVDQU_XMM_M128", LOAD)
add("MOVDQA_M128_XMM", f"{STA}+{STD}")
# AVX / AVX2 (256-bit and VEX 128-bit)
for op in ["VADDPS", "VADDPD", "VSUBPS", "VSUBPD", "VMULPS", "VMULPD", "VMINPS", "VMAXPS", "VFMADD231PS",
           "VFMADD231PD", "VFMADD132PS", "VFMSUB231PS", "VFNMADD231PS"]:
    add(f"{op}_YMM_YMM_YMM", "1*p01"); add(f"{op}_XMM_XMM_XMM", "1*p01"); add(f"{op}_YMM_YMM_M256", f"1*p01+{LOAD}")
for op in ["VANDPS", "VORPS", "VXORPS", "VANDNPS", "VBLENDPS_"]:
    if op.endswith("_"):
        add("VBLENDPS_YMM_YMM_YMM_I8", "1*p015"); continue
    add(f"{op}_YMM_YMM_YMM", "1*p015"); add(f"{op}_XMM_XMM_XMM", "1*p015")
for op in ["VPADDB", "VPADDW", "VPADDD", "VPADDQ", "VPSUBB", "VPSUBD", "VPSUBQ", "VPAND", "VPANDN", "VPOR", "VPXOR"]:
    add(f"{op}_YMM_YMM_YMM", "1*p015"); add(f"{op}_YMM_YMM_M256", f"1*p015+{LOAD}")
for op in ["VPCMPEQD", "VPCMPEQB", "VPCMPGTD", "VPMINSD", "VPMAXSD", "VPMULUDQ", "VPMADDWD", "VPMULLW", "VPAVGB",
           "VPABSD"]:
    add(f"{op}_YMM_YMM_YMM" if op != "VPABSD" else "VPABSD_YMM_YMM", "1*p01")
add("VPMULLD_YMM_YMM_YMM", "2*p01")
for op in ["VPSHUFB", "VPUNPCKLBW", "VPUNPCKLDQ", "VPUNPCKHDQ", "VPACKSSDW", "VPACKUSWB", "VUNPCKLPS", "VUNPCKHPS",
           "VPERMPS", "VPERMD"]:
    add(f"{op}_YMM_YMM_YMM", "1*p5")
for op in ["VSHUFPS", "VPERM2F128", "VPERM2I128", "VPALIGNR"]:
    add(f"{op}_YMM_YMM_YMM_I8", "1*p5")
add("VPSHUFD_YMM_YMM_I8", "1*p5"); add("VPERMQ_YMM_YMM_I8", "1*p5"); add("VPERMPD_YMM_YMM_I8", "1*p5")
add("VBROADCASTSS_YMM_XMM", "1*p5"); add("VPBROADCASTD_YMM_XMM", "1*p5"); add("VPBROADCASTB_YMM_XMM", "1*p5")
add("VEXTRACTF128_XMM_YMM_I8", "1*p5"); add("VINSERTF128_YMM_YMM_XMM_I8", "1*p015")
add("VPSLLD_YMM_YMM_I8", "1*p01"); add("VPSRLD_YMM_YMM_I8", "1*p01"); add("VPSRAD_YMM_YMM_I8", "1*p01")
add("VPSLLVD_YMM_YMM_YMM", "1*p01"); add("VPSRLVD_YMM_YMM_YMM", "1*p01")
add("VDIVPS_YMM_YMM_YMM", "1*p0+5*pd"); add("VDIVPD_YMM_YMM_YMM", "1*p0+8*pd"); add("VSQRTPS_YMM_YMM", "1*p0+6*pd")
add("VCVTDQ2PS_YMM_YMM", "1*p01"); add("VCVTPS2DQ_YMM_YMM", "1*p01"); add("VCVTPS2PD_YMM_XMM", "1*p0+1*p5")
add("VROUNDPS_YMM_YMM_I8", "2*p01"); add("VMOVMSKPS_R32_YMM", "1*p0"); add("VPMOVMSKB_R32_YMM", "1*p0")
add("VMOVAPS_YMM_YMM", "1*p015"); add("VMOVAPS_YMM_M256", LOAD); add("VMOVUPS_YMM_M256", LOAD)
add("VMOVAPS_M256_YMM", f"{STA}+{STD}"); add("VMOVUPS_M256_YMM", f"{STA}+{STD}")
add("VMOVDQA_YMM_M256", LOAD); add("VMOVDQU_M256_YMM", f"{STA}+{STD}")
add("VBROADCASTSS_YMM_M32", LOAD); add("VPBROADCASTD_YMM_M32", LOAD)
hdr = ["# Skylake-like port mapping (uops.info notation), generated by gen-skylake.py; see docs/palmed.md.",
       "# Ports 0-7 as on Intel Skylake; 'd' is the non-pipelined divider/sqrt unit; issue width 4 μOPs/cycle.",
       "machine skylake", "ports 0 1 2 3 4 5 6 7 d", "issue-width 4"]
names = [l.split(":")[0] for l in L]
assert len(names) == len(set(names)), [n for n in names if names.count(n) > 1]
open("skylake.portmap", "w").write("\n".join(hdr + L) + "\n")
print(len(L), "instructions")
