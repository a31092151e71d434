package tessera.regdem.sim;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;

/**
 * What the threads of one launch of {@link SassSimulator} share: constant bank 0 (launch geometry and parameters), the
 * named constants of the {@code <CONSTANT_MAPPING>}, global memory and the running block's shared memory; reads
 * operands (integer, float, double) and accesses memory for the instruction semantics.
 */
final class LaunchState {

    private final ConstantBank cbank;
    private final Map<String, Operand> constants = new HashMap<>();
    private final GlobalMemory global;
    private int ctaidX;
    private int ctaidY;
    private byte[] shared;

    LaunchState(SassProgram p, GlobalMemory g, ConstantBank.Layout layout, LaunchSpec spec) {
        this.global = g;
        this.cbank = new ConstantBank(layout);
        p.constants().forEach((k, v) -> {
            try {
                constants.put(k, SassParser.operand(v));
            } catch (IllegalArgumentException e) {
                // a mapping that is not an operand is simply not usable as one
            }
        });
        cbank.geometry(spec.blockX(), spec.blockY(), spec.gridX(), spec.gridY());
    }

    /**
     * Places the parameter values: by name at the constants of the {@code <CONSTANT_MAPPING>} when the listing maps
     * parameter names (maxas listings; then every parameter must be mapped), else in declaration order from the
     * layout's parameter base (cuobjdump listings).
     */
    void setParams(List<LaunchSpec.Param> params, long[] values) {
        if (params.stream().noneMatch(q -> mapped(q.name()) != null)) {
            cbank.placeInOrder(params, values);
            return;
        }
        for (int i = 0; i < params.size(); i++) {
            Operand.Const c = mapped(params.get(i).name());
            if (c == null) {
                throw new SimulationException("parameter " + params.get(i).name()
                        + " has no constant in the <CONSTANT_MAPPING>");
            }
            cbank.put(c.offset(), values[i], params.get(i).bytes() / 4);
        }
    }

    private Operand.Const mapped(String name) {
        Operand o = constants.get(name);
        if (o == null) {
            o = constants.get(name + "[0]");
        }
        return o instanceof Operand.Const c && c.index() == null ? c : null;
    }

    /**
     * Starts block ({@code x}, {@code y}) with {@code sharedBytes} bytes of shared memory filled with
     * {@code SHARED_FILL}.
     */
    void startBlock(int x, int y, int sharedBytes) {
        ctaidX = x;
        ctaidY = y;
        shared = new byte[Math.max(0, sharedBytes)];
        for (int k = 0; k + 3 < shared.length; k += 4) {
            put(shared, k, SassSimulator.SHARED_FILL);
        }
    }

    // ---- operand access ----

    int src(SimThread t, Operand o) {
        return switch (o) {
            case Operand.Reg r -> {
                int v = t.get(r, r.num());
                if (r.hasExt("H1")) {
                    v = v >>> 16;
                } else if (r.hasExt("H0")) {
                    v = v & 0xffff;
                }
                if (r.abs()) {
                    v = Math.abs(v);
                }
                if (r.not()) {
                    v = ~v;
                }
                if (r.neg()) {
                    v = -v;
                }
                yield v;
            }
            case Operand.Imm im -> (int) im.value();
            case Operand.Const c -> {
                int v = cword(c.bank(), (c.index() == null ? 0 : t.get(c.index(), c.index().num())) + c.offset());
                if (c.abs()) {
                    v = Math.abs(v);
                }
                yield c.neg() ? -v : v;
            }
            case Operand.Name n -> {
                Operand m = constants.get(n.text());
                if (m == null) {
                    throw new SimulationException("unknown name " + n.text());
                }
                yield src(t, m);
            }
            case Operand.SpecialReg s -> special(t, s.name());
            default -> unsupported("operand " + o.text());
        };
    }

    float fsrc(SimThread t, Operand o) {
        if (o instanceof Operand.Reg r) {
            float f = Float.intBitsToFloat(t.get(r, r.num()));
            if (r.abs()) {
                f = Math.abs(f);
            }
            return r.neg() ? -f : f;
        }
        if (o instanceof Operand.Imm im && !im.isFloat() && !im.text().toLowerCase().contains("0x")) {
            return (float) im.value();
        }
        if (o instanceof Operand.Const c) {
            float f = Float.intBitsToFloat(cword(c.bank(), c.offset() + (c.index() == null ? 0
                    : t.get(c.index(), c.index().num()))));
            if (c.abs()) {
                f = Math.abs(f);
            }
            return c.neg() ? -f : f;
        }
        return Float.intBitsToFloat(src(t, o));
    }

    double dsrc(SimThread t, Operand o) {
        if (o instanceof Operand.Reg r) {
            double d = Double.longBitsToDouble(t.pair(r));
            if (r.abs()) {
                d = Math.abs(d);
            }
            return r.neg() ? -d : d;
        }
        if (o instanceof Operand.Imm im) {
            return im.isFloat() ? parseDouble(im.text()) : im.text().contains("0x")
                    ? Double.longBitsToDouble(im.value() << 32) : (double) im.value();
        }
        if (o instanceof Operand.Const c) {
            double d = Double.longBitsToDouble(cpair(t, c));
            if (c.abs()) {
                d = Math.abs(d);
            }
            return c.neg() ? -d : d;
        }
        return unsupported("double operand " + o.text());
    }

    /** A float immediate as cuobjdump prints it ({@code 0.5}, {@code -INF}, {@code QNAN}, {@code 1e+300}) as a double. */
    static double parseDouble(String text) {
        String u = text.trim().replace("QNAN", "NaN").replace("NAN", "NaN").replace("INF", "Infinity");
        try {
            return Double.parseDouble(u);
        } catch (NumberFormatException e) {
            throw new SimulationException("bad floating-point immediate " + text);
        }
    }

    /** The 64-bit value of constant {@code c} and the word after it (pointers, doubles, {@code ULDC.64}). */
    long cpair(SimThread t, Operand.Const c) {
        long off = c.offset() + (c.index() == null ? 0 : t.get(c.index(), c.index().num()));
        return (cword(c.bank(), off) & 0xffffffffL) | (long) cword(c.bank(), off + 4) << 32;
    }

    int cword(int bank, long off) {
        if (bank != 0) {
            throw new SimulationException(String.format("constant bank 0x%x is not simulated (only bank 0)", bank));
        }
        return cbank.word(off);
    }

    /**
     * A special register. {@code SR_CgaCtaId} (sm_90: the block's rank in its cluster) is 0: every simulated block is
     * its own cluster. {@code SRZ} reads 0.
     */
    int special(SimThread t, String name) {
        return switch (name) {
            case "SR_TID.X" -> t.tx;
            case "SR_TID.Y" -> t.ty;
            case "SR_TID.Z" -> 0;
            case "SR_CTAID.X" -> ctaidX;
            case "SR_CTAID.Y" -> ctaidY;
            case "SR_CTAID.Z", "SR_CgaCtaId", "SRZ" -> 0;
            case "SR_LANEID" -> t.lane;
            default -> unsupported("special register " + name);
        };
    }

    static <T> T unsupported(String what) {
        throw new SimulationException("unsupported in the simulator: " + what);
    }

    static int destReg(Line.Instr ins) {
        Operand o = ins.operands().get(0);
        if (o instanceof Operand.Reg r) {
            if (r.uniform()) {
                throw new SimulationException("unsupported in the simulator: uniform registers");
            }
            return r.num();
        }
        throw new SimulationException("expected a destination register in " + ins.fullOpcode());
    }

    static Operand op(Line.Instr ins, int i) {
        if (i >= ins.operands().size()) {
            throw new SimulationException(ins.fullOpcode() + " needs at least " + (i + 1) + " operands");
        }
        return ins.operands().get(i);
    }

    // ---- memory ----

    /**
     * The address of memory operand {@code i} of a load or store, checked for the alignment of its width (wide global
     * accesses are checked by {@link GlobalMemory#checkWide}).
     */
    long accessAddress(SimThread t, Line.Instr ins, int i) {
        long a = address(t, ins, (Operand.Mem) op(ins, i));
        int w = Isa.memWidth(ins);
        if (Isa.memSpace(ins.opcode()) == Isa.MemSpace.GLOBAL && w > 1) {
            global.checkWide(a, 4 * w);
        } else if (a % (4L * w) != 0) {
            throw new SimulationException(String.format("misaligned %d-byte access at 0x%x", 4 * w, a));
        }
        return a;
    }

    private long address(SimThread t, Line.Instr ins, Operand.Mem m) {
        long base = 0;
        if (m.base() != null && !m.base().isZero()) {
            boolean wide = Isa.info(ins).reads().stream().anyMatch(x -> x.role() == Isa.RegRef.Role.ADDRESS
                    && x.width() == 2);
            base = wide ? t.pair(m.base().num()) : (t.r[m.base().num()] & 0xffffffffL);
        }
        return base + m.offset();
    }

    int load(SimThread t, Isa.MemSpace space, long addr) {
        return switch (space) {
            case GLOBAL -> global.read(addr);
            case SHARED -> get(checked(shared, addr, "shared"), (int) addr);
            case LOCAL -> get(checked(t.local, addr, "local"), (int) addr);
            default -> unsupported("load from " + space);
        };
    }

    void store(SimThread t, Isa.MemSpace space, long addr, int v) {
        switch (space) {
            case GLOBAL -> global.write(addr, v);
            case SHARED -> put(checked(shared, addr, "shared"), (int) addr, v);
            case LOCAL -> put(checked(t.local, addr, "local"), (int) addr, v);
            default -> unsupported("store to " + space);
        }
    }

    /** Reads {@code bytes} (1, 2, 4, 8) little-endian bytes of shared or local memory, zero-extended. */
    long loadBytes(SimThread t, Isa.MemSpace space, long addr, int bytes) {
        if (space == Isa.MemSpace.GLOBAL) {
            return global.load(addr, bytes);
        }
        byte[] m = window(t, space);
        checked(m, addr, bytes, space);
        long v = 0;
        for (int k = bytes - 1; k >= 0; k--) {
            v = v << 8 | (m[(int) addr + k] & 0xff);
        }
        return v;
    }

    /** Writes the low {@code bytes} (1, 2, 4, 8) bytes of {@code v}. */
    void storeBytes(SimThread t, Isa.MemSpace space, long addr, int bytes, long v) {
        if (space == Isa.MemSpace.GLOBAL) {
            global.store(addr, bytes, v);
            return;
        }
        byte[] m = window(t, space);
        checked(m, addr, bytes, space);
        for (int k = 0; k < bytes; k++) {
            m[(int) addr + k] = (byte) (v >>> 8 * k);
        }
    }

    /** Checks an access of {@code bytes} at {@code addr} (for 16-byte accesses before their two 8-byte halves). */
    void checkAccess(SimThread t, Isa.MemSpace space, long addr, int bytes) {
        if (space == Isa.MemSpace.GLOBAL) {
            global.checkWide(addr, bytes);
        } else {
            checked(window(t, space), addr, bytes, space);
        }
    }

    private byte[] window(SimThread t, Isa.MemSpace space) {
        return switch (space) {
            case SHARED -> shared;
            case LOCAL -> t.local;
            default -> unsupported("memory space " + space);
        };
    }

    private static void checked(byte[] mem, long addr, int bytes, Isa.MemSpace space) {
        if (addr < 0 || addr + bytes > mem.length) {
            throw new SimulationException(String.format("%s access of %d bytes at 0x%x is outside the %s window "
                    + "[0, 0x%x)", space.name().toLowerCase(), bytes, addr, space.name().toLowerCase(), mem.length));
        }
        if (addr % bytes != 0) {
            throw new SimulationException(String.format("misaligned %s access of %d bytes at 0x%x",
                    space.name().toLowerCase(), bytes, addr));
        }
    }

    private static byte[] checked(byte[] mem, long addr, String what) {
        if (addr < 0 || addr + 4 > mem.length || addr % 4 != 0) {
            throw new SimulationException(String.format("%s access at 0x%x is out of bounds (size %d) or misaligned",
                    what, addr, mem.length));
        }
        return mem;
    }

    private static int get(byte[] b, int o) {
        return (b[o] & 0xff) | (b[o + 1] & 0xff) << 8 | (b[o + 2] & 0xff) << 16 | (b[o + 3] & 0xff) << 24;
    }

    private static void put(byte[] b, int o, int v) {
        b[o] = (byte) v;
        b[o + 1] = (byte) (v >>> 8);
        b[o + 2] = (byte) (v >>> 16);
        b[o + 3] = (byte) (v >>> 24);
    }
}
