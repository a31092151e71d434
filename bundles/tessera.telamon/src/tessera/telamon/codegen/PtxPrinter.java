package tessera.telamon.codegen;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tessera.telamon.codegen.Erased.Code;
import tessera.telamon.codegen.Erased.Exec;
import tessera.telamon.codegen.Erased.Loop;
import tessera.telamon.codegen.Erased.Region;
import tessera.telamon.codegen.Erased.Sync;
import tessera.telamon.codegen.PtxInstructions.Ctx;
import tessera.telamon.impl.DimKind;
import tessera.telamon.impl.MemSpace;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Operand;
import tessera.telamon.kernel.Param;

/**
 * Seed 001 §4.4.4 (digest 001b §3.2 step 4), the PTX printer: the entry declaration with its parameters (see
 * {@link LaunchDescription} for their order), register and shared-buffer declarations, a preamble that loads the
 * parameters, reads the thread and block indices, computes dynamic d0 sizes (n / ∏ tile sizes) and the guards'
 * predicates, then the erased tree walked in order: LOOP classes as counted loops with labels, UNROLL classes once per
 * iteration, VECTOR classes as one vector access per eligible instruction (otherwise unrolled, with a comment saying
 * why), {@code bar.sync 0} for synchronizations.
 */
public final class PtxPrinter {
    /** The PTX text and how to launch it. */
    public record Result(String ptx, LaunchDescription launch) {
    }

    private final Annotation a;
    private final Target target;
    private final PtxCode code = new PtxCode();
    private final PtxInstructions ins;
    private final Ctx ctx = new Ctx();
    private final List<String> paramDecls = new ArrayList<>();
    private final List<LaunchDescription.Param> params = new ArrayList<>();
    private final StringBuilder shared = new StringBuilder();
    private long sharedBytes;

    private PtxPrinter(Annotation a, Variables v, Target target) {
        this.a = a;
        this.target = target;
        this.ins = new PtxInstructions(a, v, code);
    }

    public static Result print(Annotation a, Erased e, Variables v, Target target) {
        PtxPrinter p = new PtxPrinter(a, v, target);
        p.indices();
        p.parameters();
        p.dynamicSizes();
        p.body(e.body());
        return p.assemble();
    }

    private void indices() {
        long[] block = a.block();
        for (int axis = 0; axis < 3; axis++) {
            if (block[axis] > 1) {
                code.pre("mov.u32 " + code.reg("t_", String.valueOf("xyz".charAt(axis)), "s32") + ", %tid." + "xyz".charAt(axis) + ";");
            }
        }
        for (String r : a.classes().keySet()) {
            int axis = a.kind(r) == DimKind.THREAD || a.kind(r) == DimKind.BLOCK ? a.axis(r) : -1;
            if (a.kind(r) == DimKind.THREAD) {
                ctx.index.put(r, block[axis] > 1 ? code.reg("t_", String.valueOf("xyz".charAt(axis)), "s32") : (Object) 0L);
            } else if (a.kind(r) == DimKind.BLOCK && a.extent(r).isStatic() && a.size(r) == 1) {
                ctx.index.put(r, 0L);
            } else if (a.kind(r) == DimKind.BLOCK) {
                String c = code.reg("c_", String.valueOf("xyz".charAt(axis)), "s32");
                code.pre("mov.u32 " + c + ", %ctaid." + "xyz".charAt(axis) + ";");
                ctx.index.put(r, c);
            }
        }
    }

    private void parameters() {
        for (Array arr : a.kernel().arrays()) {
            if (arr.kind() == Array.Kind.INPUT) {
                String p = pointer(arr.name(), "array", null, null);
                code.pre("ld.param.u64 " + ins.baseReg(arr.name()) + ", [" + p + "];");
                code.pre("cvta.to.global.u64 " + ins.baseReg(arr.name()) + ", " + ins.baseReg(arr.name()) + ";");
            }
        }
        Set<String> used = new LinkedHashSet<>();
        for (Inst i : a.kernel().insts()) {
            i.operands().stream().filter(o -> o instanceof Operand.Arg).forEach(o -> used.add(((Operand.Arg) o).param()));
        }
        for (String r : a.classes().keySet()) {
            if (a.kind(r) == DimKind.LOOP && !a.extent(r).isStatic()) {
                used.add(a.extent(r).param());
            }
        }
        for (Param p : a.kernel().params()) {
            if (used.contains(p.name())) {
                String name = code.ident("p_" + p.name());
                paramDecls.add(".param ." + p.type().ptx() + " " + name);
                params.add(new LaunchDescription.Param(p.name(), name, "scalar", p.type().ptx(), null, null));
                code.pre("ld.param." + p.type().ptx() + " " + ins.paramReg(p.name()) + ", [" + name + "];");
            }
        }
        for (Array arr : a.kernel().arrays()) {
            if (arr.kind() == Array.Kind.TEMPORARY) {
                temporary(arr);
            }
        }
    }

    private String pointer(String array, String kind, Long bytes, String formula) {
        String name = code.ident("p_" + array);
        paramDecls.add(".param .u64 " + name);
        params.add(new LaunchDescription.Param(array, name, kind, "u64", bytes, formula));
        return name;
    }

    private void temporary(Array arr) {
        long bytes = (a.temporaryElements(arr.name()) * arr.type().bytes() + 15) / 16 * 16;
        String base = ins.baseReg(arr.name());
        if (a.memSpace(arr.name()) == MemSpace.SHARED) {
            String name = code.ident("sh_" + arr.name());
            shared.append("\t.shared .align 16 .b8 ").append(name).append('[').append(bytes).append("];\n");
            sharedBytes += bytes;
            code.pre("mov.u64 " + base + ", " + name + ";");
            return;
        }
        List<Extent> grid = a.grid();
        long blocks = grid.get(0).value() * grid.get(1).value() * grid.get(2).value();
        String formula = Long.toString(bytes);
        for (Extent g : grid) {
            formula = g.isStatic() && g.value() == 1 ? formula : formula + "*" + (g.isStatic() ? g.formula() : "(" + g.formula() + ")");
        }
        String p = pointer(arr.name(), "temporary", bytes * blocks, formula);
        code.pre("ld.param.u64 " + base + ", [" + p + "];");
        code.pre("cvta.to.global.u64 " + base + ", " + base + ";");
        if (blocks > 1 || grid.stream().anyMatch(g -> !g.isStatic())) {
            String id = null;
            for (int axis = 2; axis >= 0; axis--) {
                String c = code.temp("s32");
                code.pre("mov.u32 " + c + ", %ctaid." + "xyz".charAt(axis) + ";");
                if (id != null) {
                    String n = code.temp("s32");
                    String r = code.temp("s32");
                    code.pre("mov.u32 " + n + ", %nctaid." + "xyz".charAt(axis) + ";");
                    code.pre("mad.lo.s32 " + r + ", " + id + ", " + n + ", " + c + ";");
                    c = r;
                }
                id = c;
            }
            if (bytes != (int) bytes) {
                throw new IllegalArgumentException("temporary array " + arr.name() + " needs " + bytes + " bytes per block, too many");
            }
            code.pre("mad.wide.s32 " + base + ", " + id + ", " + bytes + ", " + base + ";");
        }
    }

    private void dynamicSizes() {
        for (String r : a.classes().keySet()) {
            Extent e = a.extent(r);
            if (a.kind(r) != DimKind.LOOP || e.isStatic()) {
                continue;
            }
            String n = ins.paramReg(e.param());
            if (!a.kernel().param(e.param()).type().ptx().equals("s32")) {
                String c = code.temp("s32");
                code.pre("cvt.s32." + a.kernel().param(e.param()).type().ptx() + " " + c + ", " + n + ";");
                n = c;
            }
            code.pre("div.s32 " + code.reg("n_", r, "s32") + ", " + n + ", " + e.divisor() + ";");
        }
    }

    private void body(List<Code> body) {
        for (Code c : body) {
            switch (c) {
                case Exec x -> ins.emit(x.inst(), x.guard(), ctx);
                case Sync s -> code.line("bar.sync 0;\t// " + PtxCode.ascii(s.reason()));
                case Region r -> {
                    code.comment("thread nest " + String.join(", ", r.dims()));
                    body(r.body());
                }
                case Loop l when l.kind() == DimKind.LOOP -> loop(l);
                case Loop l when l.kind() == DimKind.VECTOR -> vector(l);
                case Loop l -> {
                    for (long k = 0; k < a.size(l.dim()); k++) {
                        ctx.index.put(l.dim(), k);
                        body(l.body());
                    }
                    ctx.index.remove(l.dim());
                }
            }
        }
    }

    private void loop(Loop l) {
        String i = code.reg("i_", l.dim(), "s32");
        Extent e = a.extent(l.dim());
        String bound = e.isStatic() ? Long.toString(e.value()) : code.reg("n_", l.dim(), "s32");
        int id = code.label();
        String start = "L_" + code.ident(l.dim()) + "_" + id;
        String end = "E_" + code.ident(l.dim()) + "_" + id;
        code.line("mov.s32 " + i + ", 0;");
        if (!e.isStatic()) {
            String p = code.temp("pred");
            code.line("setp.le.s32 " + p + ", " + bound + ", 0;");
            code.line("@" + p + " bra " + end + ";");
        }
        code.label(start);
        ctx.index.put(l.dim(), i);
        body(l.body());
        ctx.index.remove(l.dim());
        String p = code.temp("pred");
        code.line("add.s32 " + i + ", " + i + ", 1;");
        code.line("setp.lt.s32 " + p + ", " + i + ", " + bound + ";");
        code.line("@" + p + " bra " + start + ";");
        if (!e.isStatic()) {
            code.label(end);
        }
    }

    private void vector(Loop l) {
        for (Code c : l.body()) {
            Vectorization v = c instanceof Exec x ? a.vectorization(x.inst()) : null;
            if (v != null && v.vectorized() && v.dim().equals(l.dim())) {
                ins.emitVector(((Exec) c).inst(), ((Exec) c).guard(), ctx, l.dim(), v.width());
                continue;
            }
            if (c instanceof Sync s) {
                body(List.of(s));
                continue;
            }
            String why = c instanceof Loop in ? "it contains VECTOR dimension " + in.dim()
                    : v == null ? "not in its iteration space"
                    : v.vectorized() ? "vectorized along " + v.dim() : v.unrolledBecause();
            code.comment("VECTOR dimension " + l.dim() + " unrolled for " + (c instanceof Exec x ? x.inst() : "the nest") + ": " + why);
            for (long k = 0; k < a.size(l.dim()); k++) {
                ctx.index.put(l.dim(), k);
                body(List.of(c));
            }
            ctx.index.remove(l.dim());
        }
    }

    private Result assemble() {
        StringBuilder b = new StringBuilder();
        b.append("//\n// Generated by Tessera from kernel ").append(PtxCode.ascii(a.kernel().name()))
                .append(" (seed 001 section 4.4: annotation, control-flow tree, erasure, variables, PTX)\n//\n");
        b.append(".version ").append(target.ptxVersion()).append('\n');
        b.append(".target ").append(target.arch()).append('\n');
        b.append(".address_size 64\n\n");
        String entry = code.ident(a.kernel().name());
        b.append(".visible .entry ").append(entry).append("(");
        b.append(paramDecls.isEmpty() ? "" : "\n\t" + String.join(",\n\t", paramDecls) + "\n").append(")\n");
        long[] block = a.block();
        // the block size is part of the implementation: telling ptxas lets it keep registers × threads within the
        // SM's register file (it spills instead); without it 28 of 600 random leaves failed to launch on an H200
        // (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, docs/telamon.md "On a GPU")
        b.append(".reqntid ").append(block[0]).append(", ").append(block[1]).append(", ").append(block[2]).append('\n');
        b.append("{\n");
        b.append(code.declarations()).append(shared).append(code.pre).append(code.body).append("\tret;\n}\n");
        LaunchDescription launch = new LaunchDescription(a.kernel().name(), entry, target.arch(), a.grid(),
                List.of(block[0], block[1], block[2]), sharedBytes, params);
        return new Result(b.toString(), launch);
    }
}
