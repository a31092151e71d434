package tessera.telamon.pipeline;

import java.util.LinkedHashMap;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.dspace.runtime.csp.Candidate;
import tessera.kernel.KernelLoader;
import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.Target;
import tessera.telamon.impl.Implementation;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.space.Device;
import tessera.telamon.space.Fixed;

/**
 * Telamon on GPUs (seed 001 ch. 4) in one entry point, used by the {@code telamon} command, the builder pass and
 * Studio: kernel file → kernel ({@code KernelLoader}) → the GPU space's root candidate ({@link GpuSpace}) → a
 * decision list applied ({@link DecisionList}) → the implementation ({@link Fixed}, lowerings included) → PTX and
 * the launch description ({@link CodeGenerator}). Each stage stops the flow with diagnostics, never an exception.
 */
public final class TelamonPipeline {
    /** The target ({@code sm_80} …) and parameter values replacing the kernel's ({@code n=64}). */
    public record Settings(String target, Map<String, Long> params) {
        public static final String DEFAULT_TARGET = "sm_80";

        /** From {@code tessera.properties}: {@code telamon.target} and {@code telamon.param.NAME}. */
        public static Settings of(Map<String, String> properties) {
            Map<String, Long> params = new LinkedHashMap<>();
            properties.forEach((k, v) -> {
                if (k.startsWith("telamon.param.")) {
                    params.put(k.substring("telamon.param.".length()), Long.parseLong(v.trim()));
                }
            });
            return new Settings(properties.getOrDefault("telamon.target", DEFAULT_TARGET).trim(), params);
        }
    }

    /** How far the flow went: later fields are null when it stopped earlier or was not asked to go on. */
    public record Result(Kernel kernel, Candidate root, Candidate fixed, Implementation implementation, CodeGenerator.Output code) {
    }

    private TelamonPipeline() {
    }

    /** Up to the root candidate (no decisions). */
    public static Result space(String file, String kernelText, Settings s, Diagnostics diags) {
        return run(file, kernelText, null, null, s, diags);
    }

    /** Up to the root candidate, propagation polling {@code monitor} (a time limit covers building the space). */
    public static Result space(String file, String kernelText, Settings s, Diagnostics diags, tessera.core.Monitor monitor) {
        return run(file, kernelText, null, null, s, diags, monitor);
    }

    /** The whole flow; {@code decisionsText} null stops at the root candidate. */
    public static Result run(String file, String kernelText, String decisionsFile, String decisionsText, Settings s,
            Diagnostics diags) {
        return run(file, kernelText, decisionsFile, decisionsText, s, diags, tessera.core.Monitor.NULL);
    }

    /** The whole flow, propagation polling {@code monitor}. */
    public static Result run(String file, String kernelText, String decisionsFile, String decisionsText, Settings s,
            Diagnostics diags, tessera.core.Monitor monitor) {
        Target target;
        try {
            target = Target.of(s.target());
        } catch (IllegalArgumentException e) {
            diags.add(Diagnostic.error(file, 0, e.getMessage(), "set telamon.target or --arch"));
            return new Result(null, null, null, null, null);
        }
        KernelLoader.Result read = KernelLoader.loadText(file, kernelText, s.params());
        diags.addAll(read.diagnostics());
        if (!read.ok()) {
            return new Result(null, null, null, null, null);
        }
        Kernel kernel = read.kernel();
        Candidate root = GpuSpace.root(kernel, Device.of(target), diags, monitor);
        if (root == null || decisionsText == null) {
            return new Result(kernel, root, null, null, null);
        }
        Candidate fixed = DecisionList.apply(root, decisionsFile, DecisionList.parse(decisionsFile, decisionsText, diags), true, diags);
        if (fixed == null || diags.hasErrors()) {
            return new Result(kernel, root, null, null, null);
        }
        Implementation impl = Fixed.implementation(kernel, fixed);
        return new Result(kernel, root, fixed, impl, CodeGenerator.generate(impl, target));
    }
}
