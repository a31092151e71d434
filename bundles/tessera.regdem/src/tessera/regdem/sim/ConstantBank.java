package tessera.regdem.sim;

import java.util.ArrayList;
import java.util.List;

import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.sass.SassProgram;

/**
 * Constant bank 0 of a launch: the launch geometry, the local stack top and the kernel parameters, laid out the way
 * the driver does for the listing's architecture. Maxwell/Pascal (maxas; digest §4): blockDim at 0x8/0xc/0x10,
 * gridDim at 0x14/0x18/0x1c, stack top at 0x20 (and 0x28), parameters at 0x140. Volta and later (corpus
 * {@code data/nvcc}, {@code LDC R1, c[0x0][0x28]} / {@code c[0x0][0x0]} / {@code c[0x0][0xc]} in every listing):
 * blockDim at 0x0/0x4/0x8, gridDim at 0xc/0x10/0x14, stack top at 0x28, parameters at 0x160 (sm_70..sm_89) or
 * 0x210 (sm_90). The global-memory descriptor nvcc loads with {@code ULDC.64} (c[0x0][0x118] on sm_80..sm_89,
 * c[0x0][0x208] on sm_90) reads 0: the simulator's memory accesses ignore descriptors.
 */
final class ConstantBank {

    /** Where a layout keeps blockDim.x, gridDim.x, the stack top and the first parameter. */
    enum Layout {
        MAXWELL(0x8, 0x14, 0x20, 0x140), VOLTA(0x0, 0xc, 0x28, 0x160), HOPPER(0x0, 0xc, 0x28, 0x210);

        final int blockDim;
        final int gridDim;
        final int stackTop;
        final int params;

        Layout(int blockDim, int gridDim, int stackTop, int params) {
            this.blockDim = blockDim;
            this.gridDim = gridDim;
            this.stackTop = stackTop;
            this.params = params;
        }

        boolean volta() {
            return this != MAXWELL;
        }
    }

    private final int[] words = new int[SassSimulator.CONST_SIZE / 4];
    final Layout layout;

    ConstantBank(Layout layout) {
        this.layout = layout;
    }

    /** The architecture of the listing's {@code # Arch:} header or cuobjdump banner; sm_52 when it has none. */
    static ArchSpec arch(SassProgram p) {
        return p.arch().flatMap(ArchSpec::find).orElse(ArchSpec.sm52());
    }

    static Layout layout(ArchSpec a) {
        if (!a.volta()) {
            return Layout.MAXWELL;
        }
        return Integer.parseInt(a.name().substring(3)) >= 90 ? Layout.HOPPER : Layout.VOLTA;
    }

    /** Writes blockDim, gridDim (z = 1) and the stack top. */
    void geometry(int blockX, int blockY, int gridX, int gridY) {
        int[] b = {blockX, blockY, 1};
        int[] g = {gridX, gridY, 1};
        for (int k = 0; k < 3; k++) {
            words[layout.blockDim / 4 + k] = b[k];
            words[layout.gridDim / 4 + k] = g[k];
        }
        words[layout.stackTop / 4] = SassSimulator.LOCAL_SIZE;
        if (layout == Layout.MAXWELL) {
            words[0x28 / 4] = SassSimulator.LOCAL_SIZE;
        }
    }

    /**
     * Places parameters in declaration order from the layout's parameter base, each at its natural alignment (4 bytes
     * for {@code int}/{@code float}, 8 for pointers), as the CUDA ABI lays out a kernel's parameter struct.
     * {@code values[i]} is the value of {@code params.get(i)}.
     */
    void placeInOrder(List<LaunchSpec.Param> params, long[] values) {
        List<Integer> at = offsets(params, layout);
        for (int i = 0; i < at.size(); i++) {
            put(at.get(i), values[i], params.get(i).bytes() / 4);
        }
    }

    /** The byte offsets of {@code params} in order from the layout's base at natural alignment. */
    static List<Integer> offsets(List<LaunchSpec.Param> params, Layout layout) {
        List<Integer> out = new ArrayList<>();
        int off = layout.params;
        for (LaunchSpec.Param p : params) {
            off = (off + p.bytes() - 1) / p.bytes() * p.bytes();
            out.add(off);
            off += p.bytes();
        }
        return out;
    }

    /** Writes {@code words} (1 or 2) 32-bit words of {@code value} at byte offset {@code off}. */
    void put(long off, long value, int count) {
        check(off, 4 * count);
        words[(int) (off / 4)] = (int) value;
        if (count == 2) {
            words[(int) (off / 4) + 1] = (int) (value >>> 32);
        }
    }

    int word(long off) {
        check(off, 4);
        return words[(int) (off / 4)];
    }

    private static void check(long off, int bytes) {
        if (off < 0 || off + bytes > SassSimulator.CONST_SIZE || off % 4 != 0) {
            throw new SimulationException(String.format("constant access c[0x0][0x%x] out of range or misaligned", off));
        }
    }
}
