package tessera.tcpa.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.rdg.interp.ArrayData;
import tessera.rdg.interp.Ops;
import tessera.tcpa.concrete.Bank;
import tessera.tcpa.concrete.BranchKind;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.ProcessorClass;
import tessera.tcpa.concrete.Wrapper;

/**
 * The machine a {@link Simulator} runs (seed 003 §6): the processor classes with their compiled FU programs, the PEs
 * with their registers and ID FIFOs, the wrappers, the I/O banks with their address generators, and the
 * configuration's parameters, control signals, latencies, π, hop latency and FIFO capacity. {@link MachineBuilder}
 * checks a concrete configuration and builds it; the simulator then changes the run-time state (PCs, registers,
 * FIFOs, bank positions, routes found so far, output arrays).
 */
final class Machine {
    /** A register or literal operand: kind r (rd), f (fd), i (id), o (od), # (literal). */
    record Operand(char kind, int index, int literal, String text) {
    }

    /** One compiled instruction of an FU program (see {@link ProgramCompiler}). */
    static final class Instr {
        String text;
        String label;
        Ops.Op op;
        Operand dest;
        Operand[] moreDests = new Operand[0]; // "fd0|rd0": the mapping's ⟨dest2⟩, one result written to several registers
        Operand[] sources = new Operand[0];
        BranchKind branch;
        int[] targets = new int[0];
        int[] signals = new int[0];
        int latency = 1;
    }

    /** A functional unit of one PE: its program and its own PC (orthogonal instruction processing, §3.2). */
    static final class Fu {
        final String name;
        final Instr[] code;
        int pc;
        boolean halted;

        Fu(String name, Instr[] code) {
            this.name = name;
            this.code = code;
            this.halted = code.length == 0;
        }
    }

    /** A feedback register: a ring buffer of its configured depth. */
    static final class Fd {
        final int[] values;
        int read;
        int write;
        int count;

        Fd(int depth) {
            values = new int[depth];
        }
    }

    /**
     * A processor class: its FU programs and names, FD depths, kernel space points in issue order, and per control
     * signal whether it is 1 in each kernel (§6.2).
     */
    static final class ClassInfo {
        ProcessorClass model;
        List<Instr[]> programs = new ArrayList<>();
        List<String> fuNames = new ArrayList<>();
        Map<Integer, Integer> fdDepth = new HashMap<>();
        List<long[]> kernels = List.of();
        boolean[][] signalOn;
    }

    /** A processing element: position, start cycle λ^K·K, class, FUs, registers, ID FIFOs and its OD routes. */
    static final class Pe {
        int row;
        int col;
        long start;
        ClassInfo cls;
        Fu[] fus;
        Map<Integer, Integer> rd = new HashMap<>();
        Map<Integer, Fd> fd = new HashMap<>();
        Map<Integer, ArrayDeque<Integer>> fifo = new HashMap<>();
        Map<Integer, Integer> inFlight = new HashMap<>();
        Map<Integer, List<Dest>> routes = new HashMap<>();

        String name() {
            return "PE (" + row + "," + col + ")";
        }
    }

    /** An I/O bank: its attached PE, the points of its enable domain in issue order, how many it has transferred. */
    static final class BankState {
        Bank model;
        Pe pe;
        List<long[]> enable;
        int next;
        List<Dest> routes;
    }

    /** Where a value ends up: ID port {@code port} of {@code pe}, or output {@code bank}, after {@code hops} hops. */
    record Dest(Pe pe, int port, BankState bank, int hops) {
    }

    final ConcreteConfiguration cfg;
    final Map<String, Long> params = new LinkedHashMap<>();
    final Map<String, Integer> signalIndex = new HashMap<>();
    final Map<ProcessorClass, ClassInfo> classes = new LinkedHashMap<>();
    final Map<Long, Pe> pes = new LinkedHashMap<>();
    final Map<Long, Wrapper> wrappers = new HashMap<>();
    final List<BankState> banks = new ArrayList<>();
    final Map<String, ArrayData> outputs = new LinkedHashMap<>(); // the output banks' arrays, by variable
    final Map<String, Integer> latencies = new HashMap<>(); // "fu mnemonic" → latency ≠ 1
    int pi;
    int hopLatency;
    int fifoCapacity;

    Machine(ConcreteConfiguration cfg) {
        this.cfg = cfg;
    }

    /** The key of position (row, col) in {@link #pes} and {@link #wrappers}. */
    static long key(long row, long col) {
        return (row << 32) ^ (col & 0xffffffffL);
    }
}
