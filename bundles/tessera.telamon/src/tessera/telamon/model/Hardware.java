package tessera.telamon.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;

import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Type;

/**
 * Seed 001 §5.1.1 and §5.3 (digest 001b §2.4, §3.3): a GPU's hardware description for the lower-bound model, read
 * from a {@code tessera-gpu/1} JSON file: the levels thread (0), SM (1, a block's threads) and GPU (2) with the
 * resources each processes per cycle ({@code resource(i, r)}, eq. 5.3), instruction latencies and costs, loop
 * overheads, SM limits and the clock that turns cycles into time. The files: {@code gpus/*.json} (provenance in
 * {@code gpus/README.md}).
 */
public record Hardware(String schema, String name, String arch, String source, double clockGHz, int warpSize,
        int smCount, Limits limits, Memory memory, Map<String, Rates> rates, Map<String, Cost> instructions, Loop loop,
        Cost sync) {

    /** The modelled resources ℛ (§5.3): issue slots, ALUs, load/store units, barriers, L1 and L2 cache lines. */
    public enum Resource {
        ISSUE, ALU, MEM, SYNC, L1_LINES, L2_LINES;

        public String label() {
            return switch (this) {
                case ISSUE -> "issue";
                case ALU -> "alu";
                case MEM -> "mem";
                case SYNC -> "sync";
                case L1_LINES -> "l1Lines";
                case L2_LINES -> "l2Lines";
            };
        }
    }

    /** The levels of the parallelism hierarchy: 0 one thread, 1 the threads of a block on one SM, 2 the GPU. */
    public static final List<String> LEVELS = List.of("thread", "sm", "gpu");

    public record Limits(int threadsPerBlock, int threadsPerSm, int blocksPerSm, long sharedBytesPerSm,
            long sharedBytesPerBlock, int registersPerSm, int registersPerThread) {
    }

    public record Memory(int l1LineBytes, int l2LineBytes, int sharedBanks, int sharedBankBytes, long l1Bytes,
            long l2Bytes, double l1LoadLatency, double l2LoadLatency, double ramLoadLatency, double sharedLoadLatency,
            double storeLatency) {
    }

    /** Units per cycle; issue, alu, mem and sync in thread-instructions, l1Lines and l2Lines in cache lines. */
    public record Rates(double issue, double alu, double mem, double sync, double l1Lines, double l2Lines) {
        public double of(Resource r) {
            return switch (r) {
                case ISSUE -> issue;
                case ALU -> alu;
                case MEM -> mem;
                case SYNC -> sync;
                case L1_LINES -> l1Lines;
                case L2_LINES -> l2Lines;
            };
        }
    }

    /** An instruction's latency (cycles) and what one thread-instruction uses of the issue slots and ALUs. */
    public record Cost(double latency, double issue, double alu) {
    }

    public record Loop(double iterationLatency, double iterationIssue, double iterationAlu, double endLatency) {
    }

    /** {@code resource(level, r)}: what level {@code level} processes of {@code r} per cycle. */
    public double resource(int level, Resource r) {
        return rates.get(LEVELS.get(level)).of(r);
    }

    /** The cost of an arithmetic instruction or move, by the kernel language's names ({@code mad.f32}). */
    public Cost cost(Op op, Type type) {
        return instructions.get(op.name().toLowerCase(java.util.Locale.ROOT) + "." + type.keyword());
    }

    /** The built-in descriptions: {@code kepler} (Quadro K4000, the thesis's GPU) and {@code hopper} (sm_90). */
    public static final Map<String, String> BUILT_IN = Map.of("kepler", "kepler-k4000.json", "hopper", "hopper-sm90.json");

    /** A built-in description by its short name; null when there is none. */
    public static Hardware builtIn(String shortName) {
        String file = BUILT_IN.get(shortName);
        if (file == null) {
            return null;
        }
        try (InputStream in = Hardware.class.getResourceAsStream("gpus/" + file)) {
            if (in == null) {
                throw new IllegalStateException("missing resource gpus/" + file);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException | InvalidException e) {
            throw new IllegalStateException("built-in hardware " + file + ": " + e.getMessage(), e);
        }
    }

    /** A hardware description that is not valid JSON or misses a field; the message names the field. */
    public static final class InvalidException extends Exception {
        private static final long serialVersionUID = 1L;

        public InvalidException(String message) {
            super(message);
        }

        public InvalidException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Parses and checks a description: every field present, rates and latencies finite, rates positive. */
    public static Hardware parse(String json) throws InvalidException {
        Hardware h;
        try {
            h = new Gson().fromJson(json, Hardware.class);
        } catch (JsonParseException | NumberFormatException e) {
            throw new InvalidException("not a tessera-gpu/1 description: " + e.getMessage(), e);
        }
        if (h == null) {
            throw new InvalidException("empty description");
        }
        h.check();
        return h;
    }

    private void check() throws InvalidException {
        if (!"tessera-gpu/1".equals(schema)) {
            throw new InvalidException("\"schema\" must be \"tessera-gpu/1\"");
        }
        positive("clockGHz", clockGHz);
        positive("warpSize", warpSize);
        positive("smCount", smCount);
        if (limits == null || memory == null || rates == null || instructions == null || loop == null || sync == null) {
            throw new InvalidException("missing one of limits, memory, rates, instructions, loop, sync");
        }
        positive("limits.threadsPerBlock", limits.threadsPerBlock());
        positive("limits.threadsPerSm", limits.threadsPerSm());
        positive("limits.blocksPerSm", limits.blocksPerSm());
        positive("limits.sharedBytesPerSm", limits.sharedBytesPerSm());
        positive("memory.l1LineBytes", memory.l1LineBytes());
        positive("memory.l2LineBytes", memory.l2LineBytes());
        for (String level : LEVELS) {
            Rates r = rates.get(level);
            if (r == null) {
                throw new InvalidException("missing rates." + level);
            }
            for (Resource res : Resource.values()) {
                positive("rates." + level + "." + res.label(), r.of(res));
            }
        }
        for (Op op : Op.values()) {
            if (op.isMemory()) {
                continue;
            }
            for (Type t : Type.values()) {
                Cost c = cost(op, t);
                String key = "instructions." + op.name().toLowerCase(java.util.Locale.ROOT) + "." + t.keyword();
                if (c == null) {
                    throw new InvalidException("missing " + key);
                }
                nonNegative(key + ".latency", c.latency());
                nonNegative(key + ".issue", c.issue());
                nonNegative(key + ".alu", c.alu());
            }
        }
        nonNegative("loop.iterationLatency", loop.iterationLatency());
        nonNegative("loop.iterationIssue", loop.iterationIssue());
        nonNegative("loop.iterationAlu", loop.iterationAlu());
        nonNegative("memory.l1LoadLatency", memory.l1LoadLatency());
        nonNegative("memory.l2LoadLatency", memory.l2LoadLatency());
        nonNegative("memory.sharedLoadLatency", memory.sharedLoadLatency());
        nonNegative("memory.storeLatency", memory.storeLatency());
    }

    private static void positive(String field, double v) throws InvalidException {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new InvalidException("\"" + field + "\" must be a positive number, got " + v);
        }
    }

    private static void nonNegative(String field, double v) throws InvalidException {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new InvalidException("\"" + field + "\" must be a number ≥ 0, got " + v);
        }
    }
}
