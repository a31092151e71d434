#!/usr/bin/env python3
"""Copy a CUDA 13 cubin (ELF OS/ABI 0x41, ABI version 8) with the ELF header rewritten to the CUDA <= 12 form
(OS/ABI 0x33, ABI version 7, e_flags = sm | 0x500 | sm << 16), so that cuobjdump/nvdisasm 11.8 (Debian's
nvidia-cuda-toolkit) can disassemble it. Only the 16-byte identification and e_flags change; the code is untouched.
Usage: cubin_abi7.py IN.cubin OUT.cubin"""
import struct, sys

data = bytearray(open(sys.argv[1], "rb").read())
if data[:4] != b"\x7fELF" or data[4] != 2:
    sys.exit(f"{sys.argv[1]}: not a 64-bit ELF file")
flags = struct.unpack_from("<I", data, 0x30)[0]
if data[7] == 0x41:                # CUDA 13: the SM number sits in bits 8..15 of e_flags
    sm = (flags >> 8) & 0xff
    data[7], data[8] = 0x33, 7
    struct.pack_into("<I", data, 0x30, sm | 0x500 | (sm << 16))
open(sys.argv[2], "wb").write(data)
