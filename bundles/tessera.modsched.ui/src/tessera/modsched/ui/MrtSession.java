package tessera.modsched.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Reservation;
import tessera.modsched.model.Schedule;
import tessera.modsched.sched.ExactScheduler;
import tessera.modsched.sched.IterativeModuloScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sched.TopDownScheduler;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;
import tessera.modsched.verify.Violation;

/**
 * The state behind the MRT view, without any widget: a loop, the schedule an algorithm found, the schedule as the
 * user edited it (ops moved to other cycles or units), the {@link Verifier}'s violations of the edited schedule,
 * and the selected operation. Every change recomputes the violations and register pressure at once.
 */
public final class MrtSession {
    public static final List<String> ALGORITHMS = List.of("sms", "topdown", "ims", "exact");

    /**
     * One cell of the MRT as drawn: resource class, instance, row and every op holding it; {@code conflict} when two
     * of them are not mutually exclusive (exclusive ops, e.g. a TCPA loop's S1/S2 moves, share a cell legally).
     */
    public record Cell(int resource, int instance, int row, List<Integer> ops, boolean conflict) {
    }

    private final Loop loop;
    private String algorithm = "sms";
    private ScheduleResult result;
    private Schedule schedule;
    private List<Violation> violations = List.of();
    private RegisterPressure pressure;
    private int selected = -1;
    private final Duration exactLimit;

    public MrtSession(Loop loop, Duration exactLimit) {
        this.loop = loop;
        this.exactLimit = exactLimit;
        reschedule("sms");
    }

    /**
     * A session on a schedule made elsewhere (e.g. a TCPA PE's modulo schedule): {@code source} names where it came
     * from and {@link #reset()} returns to it; the schedulers remain available through {@link #reschedule}.
     */
    public MrtSession(Schedule given, String source, Duration exactLimit) {
        this.loop = given.loop();
        this.exactLimit = exactLimit;
        this.algorithm = source;
        this.result = new ScheduleResult(source, tessera.modsched.analysis.Mii.compute(loop), given, new int[0], 1,
                List.of());
        setSchedule(given);
    }

    public Loop loop() {
        return loop;
    }

    public String algorithm() {
        return algorithm;
    }

    /** The algorithm's own result (null schedule when it found none). */
    public ScheduleResult result() {
        return result;
    }

    /** The current (possibly user-edited) schedule, or null when the algorithm found none. */
    public Schedule schedule() {
        return schedule;
    }

    public List<Violation> violations() {
        return violations;
    }

    public RegisterPressure pressure() {
        return pressure;
    }

    public int selected() {
        return selected;
    }

    public void select(int op) {
        selected = op >= 0 && op < loop.size() ? op : -1;
    }

    /** Runs an algorithm (sms, topdown, ims, exact) and drops the user's edits. */
    public void reschedule(String algo) {
        if (!ALGORITHMS.contains(algo)) {
            throw new IllegalArgumentException("unknown algorithm " + algo);
        }
        algorithm = algo;
        result = switch (algo) {
            case "sms" -> new SwingScheduler(SmsOptions.production()).run(loop, Monitor.NULL).result();
            case "topdown" -> new TopDownScheduler().schedule(loop, Monitor.NULL);
            case "ims" -> new IterativeModuloScheduler().schedule(loop, Monitor.NULL);
            default -> new ExactScheduler(exactLimit).solve(loop, Deadline.after(exactLimit), Monitor.NULL).result();
        };
        setSchedule(result.ok() ? result.schedule() : null);
    }

    /** Back to the algorithm's schedule. */
    public void reset() {
        setSchedule(result.ok() ? result.schedule() : null);
    }

    /** Moves op {@code u} to issue cycle {@code cycle}; the other ops keep their rows (shift by whole stages only). */
    public void moveTo(int u, int cycle) {
        if (schedule != null) {
            setSchedule(schedule.withTimeKeepingRows(u, cycle));
        }
    }

    /** Moves op {@code u} to MRT row {@code row}, keeping its stage, and its own-class use to {@code instance}. */
    public void moveToCell(int u, int row, int instance) {
        if (schedule == null) {
            return;
        }
        Schedule s = schedule.withTimeKeepingRows(u, schedule.stage(u) * schedule.ii() + row);
        Operation op = loop.op(u);
        List<Reservation.Use> uses = op.reservation().uses();
        for (int j = 0; j < uses.size(); j++) {
            if (uses.get(j).resource() == op.resource() && instance >= 0) {
                s = s.withUnit(u, j, instance);
            }
        }
        setSchedule(s);
    }

    private void setSchedule(Schedule s) {
        schedule = s;
        violations = s == null ? List.of() : Verifier.verify(s);
        pressure = s == null ? null : RegisterPressure.of(s);
    }

    /** Whether the user moved something away from the algorithm's schedule. */
    public boolean edited() {
        return schedule != null && result.ok() && !java.util.Arrays.equals(schedule.times(), result.schedule().times())
                || schedule != null && result.ok()
                        && !java.util.Arrays.deepEquals(schedule.units(), result.schedule().units());
    }

    /** Every MRT cell with the ops that hold it in the current schedule (all holders, so conflicts show). */
    public List<Cell> cells() {
        List<Cell> out = new ArrayList<>();
        if (schedule == null) {
            return out;
        }
        var m = loop.machine();
        var table = schedule.mrt();
        for (int row = 0; row < schedule.ii(); row++) {
            for (int r = 0; r < m.resources().size(); r++) {
                for (int i = 0; i < m.resource(r).count(); i++) {
                    List<Integer> ops = java.util.Arrays.stream(table.occupants(r, i, row)).boxed().toList();
                    boolean conflict = false;
                    for (int a = 0; a < ops.size(); a++) {
                        for (int b = a + 1; b < ops.size(); b++) {
                            conflict |= !loop.exclusive(ops.get(a), ops.get(b));
                        }
                    }
                    out.add(new Cell(r, i, row, ops, conflict));
                }
            }
        }
        return out;
    }

    /** Dependence indices the current schedule violates. */
    public Set<Integer> violatedDependences() {
        Set<Integer> s = new LinkedHashSet<>();
        for (Violation v : violations) {
            if (v.dependence() >= 0) {
                s.add(v.dependence());
            }
        }
        return s;
    }

    /** Ops involved in a resource conflict (cells held twice, self-conflicting patterns, bad units). */
    public Set<Integer> conflictingOps() {
        Set<Integer> s = new LinkedHashSet<>();
        for (Violation v : violations) {
            if (v.kind() != Violation.Kind.DEPENDENCE) {
                s.addAll(v.ops());
            }
        }
        return s;
    }

    /** One line for the status bar: II, MII, SC, MaxLive and the verdict. */
    public String summary() {
        if (schedule == null) {
            return "loop " + loop.name() + ": " + algorithm + " found no schedule (" + result.lastFailure() + ")";
        }
        String verdict = violations.isEmpty() ? "valid" : violations.size() + " violation(s)";
        return "loop " + loop.name() + " · " + algorithm + " · II " + schedule.ii() + " (MII " + result.mii().value()
                + ") · SC " + schedule.stageCount() + " · MaxLive " + pressure.maxLive() + " · "
                + (edited() ? "edited · " : "") + verdict;
    }
}
