package tessera.regdem.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.Json;
import tessera.core.cli.UsageException;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.occupancy.DemotionTargets;
import tessera.regdem.occupancy.Occupancy;
import tessera.regdem.occupancy.OccupancyCalculator;

/** {@code tessera occupancy --arch sm_90 --regs 68 --block 192 [--smem BYTES] [--json]}: occupancy and demotion steps. */
public final class OccupancyCommand implements CliCommand {
    @Override
    public String name() {
        return "occupancy";
    }

    @Override
    public String summary() {
        return "GPU occupancy for registers/block size/shared memory, and registers to demote per occupancy step";
    }

    @Override
    public String usage() {
        return "usage: tessera occupancy --regs N --block THREADS [--arch sm_52] [--smem BYTES] [--json]\n"
                + "  --regs 0..255, --block N, NxM or NxMxK: 1..1024 threads in all (as tessera regdem),\n"
                + "  --smem 0..the architecture's opt-in maximum per block\n"
                + "  architectures: " + String.join(", ", ArchSpec.names()) + "\n"
                + "examples:\n"
                + "  tessera occupancy --regs 64 --block 256 --arch sm_80\n"
                + "  tessera occupancy --regs 40 --block 16x8 --smem 16384";
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("arch", "regs", "block", "smem");
    }

    public static ArchSpec arch(String a) {
        return ArchSpec.find(a).orElseThrow(() -> new UsageException("unknown architecture '" + a + "' (known: "
                + String.join(", ", ArchSpec.names()) + ")"));
    }

    /** {@code --name} within {@code [min, max]} (the CUDA limit of the architecture), else the usage error naming both. */
    public static int boundedInt(Args a, String name, int dflt, boolean required, int min, int max) {
        if (required && a.option(name).isEmpty()) {
            throw new UsageException("missing --" + name);
        }
        return a.intOption(name, dflt, min, max);
    }

    /** {@code --block NxM} or {@code NxMxK}, as {@code tessera regdem} takes it: the threads in all. */
    private static int blockShape(String shape, ArchSpec arch) {
        int threads = tessera.regdem.RegdemRunner.parseBlock(shape);
        if (threads <= 0 || threads > arch.maxThreadsPerBlock()) {
            throw new UsageException("--block expects N, NxM or NxMxK threads, 1 to " + arch.maxThreadsPerBlock()
                    + " in all on " + arch.name() + ", got '" + shape + "'");
        }
        return threads;
    }

    @Override
    public int run(CliContext ctx, Args a) {
        a.expectPositional(0);
        ArchSpec arch = arch(a.option("arch").orElse("sm_52"));
        int regs = boundedInt(a, "regs", 0, true, 0, arch.maxRegsPerThread());
        String shape = a.option("block").orElse("");
        int block = shape.toLowerCase(java.util.Locale.ROOT).contains("x") ? blockShape(shape, arch) // as regdem's
                : boundedInt(a, "block", 0, true, 1, arch.maxThreadsPerBlock());
        int smem = boundedInt(a, "smem", 0, false, 0, arch.maxSmemPerBlock());
        Occupancy o = OccupancyCalculator.compute(arch, regs, block, smem);
        List<DemotionTargets.Target> steps = DemotionTargets.forArch(arch, regs, smem, block);
        if (ctx.json()) {
            List<Map<String, Object>> st = new ArrayList<>();
            for (DemotionTargets.Target t : steps) {
                st.add(Json.object("targetRegisters", t.targetRegisters(), "demote", t.demote(),
                        "spillBytes", t.spillBytes(), "occupancy", t.occupancy().occupancy()));
            }
            ctx.json(Json.object("arch", arch.name(), "registers", regs, "block", block, "smem", smem,
                    "occupancy", o.occupancy(), "blocksPerSM", o.blocksPerSM(), "warpsPerBlock", o.warpsPerBlock(),
                    "limitByWarps", o.limitByWarps(), "limitByRegisters", o.limitByRegisters(),
                    "limitBySharedMemory", o.limitBySharedMemory(),
                    "limiters", o.limiters().stream().map(Enum::name).toList(), "error", o.error(),
                    "demotionSteps", st));
        } else {
            if (!o.error().isEmpty()) {
                ctx.println("cannot launch: " + o.error());
                return FAILED;
            }
            ctx.println(String.format(Locale.ROOT, "%s: %d registers, %d threads, %d B shared -> occupancy %.4f "
                    + "(%d blocks/SM, %d warps/block)", arch.name(), regs, block, smem, o.occupancy(), o.blocksPerSM(),
                    o.warpsPerBlock()));
            ctx.println(String.format(Locale.ROOT, "limits: warps/blocks %d, registers %d, shared memory %d; limited by %s",
                    o.limitByWarps(), o.limitByRegisters(), o.limitBySharedMemory(), o.limiters()));
            if (steps.isEmpty()) {
                ctx.println("no occupancy step reachable by register demotion");
            }
            for (DemotionTargets.Target t : steps) {
                ctx.println(String.format(Locale.ROOT, "demote %d registers -> %d registers, +%d B shared, occupancy %.4f",
                        t.demote(), t.targetRegisters(), t.spillBytes(), t.occupancy().occupancy()));
            }
        }
        return o.error().isEmpty() ? OK : FAILED;
    }
}
