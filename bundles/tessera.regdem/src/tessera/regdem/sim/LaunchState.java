package tessera.regdem.sim;

import java.util.HashMap;
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

    private final int[] cbank = new int[SassSimulator.CONST_SIZE / 4];
    private final Map<String, Operand> constants = new HashMap<>();
    private final GlobalMemory global;
    private final int blockX;
    private int ctaid;
    private byte[] shared;

    LaunchState(SassProgram p, GlobalMemory g, int blockX, int blockY, int grid) {
        this.global = g;
        this.blockX = blockX;
        p.constants().forEach((k, v) -> {
            try {
                constants.put(k, SassParser.operand(v));
            } catch (IllegalArgumentException e) {
                // a mapping that is not an operand is simply not usable as one
            }
        });
        cbank[0x8 / 4] = blockX;
        cbank[0xc / 4] = blockY;
        cbank[0x10 / 4] = 1;
        cbank[0x14 / 4] = grid;
        cbank[0x18 / 4] = 1;
        cbank[0x1c / 4] = 1;
        cbank[0x20 / 4] = SassSimulator.LOCAL_SIZE;
        cbank[0x28 / 4] = SassSimulator.LOCAL_SIZE;
    }

    /** Places a parameter of {@code words} 32-bit words at its constant of the {@code <CONSTANT_MAPPING>}. */
    void setParam(String name, long value, int words) {
        Operand o = constants.get(name);
        if (o == null) {
            o = constants.get(name + "[0]");
        }
        if (!(o instanceof Operand.Const c) || c.index() != null) {
            throw new SimulationException("parameter " + name + " has no constant in the <CONSTANT_MAPPING>");
        }
        int idx = (int) (c.offset() / 4);
        cbank[idx] = (int) value;
        if (words == 2) {
            cbank[idx + 1] = (int) (value >>> 32);
        }
    }

    /** Starts block {@code block} with {@code sharedBytes} bytes of shared memory filled with {@code SHARED_FILL}. */
    void startBlock(int block, int sharedBytes) {
        ctaid = block;
        shared = new byte[Math.max(0, sharedBytes)];
        for (int k = 0; k + 3 < shared.length; k += 4) {
            put(shared, k, SassSimulator.SHARED_FILL);
        }
    }

    // ---- operand access ----

    int src(SimThread t, Operand o) {
        return switch (o) {
            case Operand.Reg r -> {
                int v = r.isZero() ? 0 : r.uniform() ? unsupported("uniform registers") : t.r[r.num()];
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
                int v = cword(c.bank(), (c.index() == null ? 0 : t.r[c.index().num()]) + c.offset());
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
            float f = Float.intBitsToFloat(r.isZero() ? 0 : t.r[r.num()]);
            if (r.abs()) {
                f = Math.abs(f);
            }
            return r.neg() ? -f : f;
        }
        if (o instanceof Operand.Imm im && !im.isFloat() && !im.text().toLowerCase().contains("0x")) {
            return (float) im.value();
        }
        if (o instanceof Operand.Const c) {
            float f = Float.intBitsToFloat(cword(c.bank(), c.offset() + (c.index() == null ? 0 : t.r[c.index().num()])));
            if (c.abs()) {
                f = Math.abs(f);
            }
            return c.neg() ? -f : f;
        }
        return Float.intBitsToFloat(src(t, o));
    }

    double dsrc(SimThread t, Operand o) {
        if (o instanceof Operand.Reg r) {
            double d = r.isZero() ? 0.0 : Double.longBitsToDouble(t.pair(r.num()));
            if (r.abs()) {
                d = Math.abs(d);
            }
            return r.neg() ? -d : d;
        }
        if (o instanceof Operand.Imm im) {
            return im.isFloat() ? Float.intBitsToFloat((int) im.value()) : im.text().contains("0x")
                    ? Double.longBitsToDouble(im.value() << 32) : (double) im.value();
        }
        if (o instanceof Operand.Const c) {
            long lo = cword(c.bank(), c.offset()) & 0xffffffffL;
            long hi = cword(c.bank(), c.offset() + 4) & 0xffffffffL;
            double d = Double.longBitsToDouble(hi << 32 | lo);
            return c.neg() ? -d : d;
        }
        return unsupported("double operand " + o.text());
    }

    private int cword(int bank, long off) {
        if (bank != 0 || off < 0 || off + 4 > SassSimulator.CONST_SIZE || off % 4 != 0) {
            throw new SimulationException(String.format("constant access c[0x%x][0x%x] out of range", bank, off));
        }
        return cbank[(int) (off / 4)];
    }

    private int special(SimThread t, String name) {
        return switch (name) {
            case "SR_TID.X" -> t.tx;
            case "SR_TID.Y" -> t.ty;
            case "SR_TID.Z" -> 0;
            case "SR_CTAID.X" -> ctaid;
            case "SR_CTAID.Y", "SR_CTAID.Z" -> 0;
            case "SR_LANEID" -> (t.ty * blockX + t.tx) % 32;
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
