package tessera.regdem.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import tessera.regdem.sass.CuobjdumpFunctions;
import tessera.regdem.sass.CuobjdumpImport;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;
import tessera.regdem.sim.LaunchSpec;
import tessera.regdem.sim.LaunchTable;
import tessera.regdem.sim.SassSimulator;
import tessera.regdem.sim.SimulationException;

/**
 * Runs a kernel of the nvcc corpus ({@link NvccCorpus}) in the simulator as {@code data/nvcc/launch.txt} launches it:
 * the kernel's {@code Function :} section of {@code sm_XX/LISTING.sass}, imported with
 * {@link CuobjdumpImport#toMaxas}. {@code main} runs every kernel of the table on every architecture and prints the
 * outcome and the simulation time (a probe, not a test).
 */
final class NvccSimulation {

    /** One simulated launch: its inputs, the final global memory, the executed instructions and the wall time. */
    record Run(String arch, LaunchTable.Entry entry, SassProgram program, SassSimulator.Inputs in,
            SassSimulator.Result result, long nanos) {

        LaunchSpec spec() {
            return entry.spec();
        }

        /** Input buffer {@code i} (buffers numbered in parameter order, scalars skipped). */
        ByteBuffer input(int i) {
            return ByteBuffer.wrap(in.memory().buffer(i)).order(ByteOrder.LITTLE_ENDIAN);
        }

        /** Buffer {@code i} after the run. */
        ByteBuffer output(int i) {
            return ByteBuffer.wrap(result.memory().buffer(i)).order(ByteOrder.LITTLE_ENDIAN);
        }

        /** Scalar parameter {@code i} (in parameter order) as an int. */
        int intParam(int i) {
            return (int) spec().params().get(i).value();
        }

        float floatParam(int i) {
            return Float.intBitsToFloat(intParam(i));
        }
    }

    private NvccSimulation() {
    }

    private static LaunchTable table;

    static synchronized LaunchTable table() {
        if (table == null) {
            try {
                table = LaunchTable.read(NvccCorpus.root().resolve("launch.txt"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return table;
    }

    /** The kernel {@code kernel} of architecture {@code arch} as the simulator runs it. */
    static SassProgram program(String arch, LaunchTable.Entry e) {
        Path file = NvccCorpus.root().resolve(arch).resolve(e.listing() + ".sass");
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
        SassDocument d = SassParser.parse(file.toString(), text);
        if (d.diagnostics().hasErrors()) {
            throw new IllegalStateException(file + ": " + d.diagnostics());
        }
        CuobjdumpFunctions.Selection s = CuobjdumpFunctions.select(d.program().functions(), e.kernel(), null);
        if (!s.ok()) {
            throw new IllegalStateException(file + ": " + s.message());
        }
        return CuobjdumpImport.toMaxas(s.function());
    }

    static Run run(String arch, String kernel, long seed) {
        LaunchTable.Entry e = table().find(kernel).orElseThrow(() -> new IllegalArgumentException(
                "no kernel " + kernel + " in launch.txt"));
        SassProgram p = program(arch, e);
        SassSimulator.Inputs in = SassSimulator.inputs(e.spec(), seed);
        long t0 = System.nanoTime();
        SassSimulator.Result r = SassSimulator.run(p, e.spec(), in, 0);
        return new Run(arch, e, p, in, r, System.nanoTime() - t0);
    }

    public static void main(String[] args) {
        for (LaunchTable.Entry e : table().entries()) {
            StringBuilder sb = new StringBuilder(String.format("%-34s", e.kernel()));
            for (String arch : NvccCorpus.ARCHS) {
                try {
                    Run r = run(arch, e.kernel(), 1);
                    sb.append(String.format(" %s %6d ms %8d steps |", arch, r.nanos() / 1_000_000, r.result().steps()));
                } catch (SimulationException | IllegalStateException | IllegalArgumentException x) {
                    sb.append(" ").append(arch).append(" FAIL: ").append(x.getMessage()).append(" |");
                }
            }
            System.out.println(sb);
        }
    }
}
