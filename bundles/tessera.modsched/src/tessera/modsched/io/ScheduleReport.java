package tessera.modsched.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sms.SwingOrdering;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;

/** Text and JSON renderings of a scheduling result, shared by the CLI and the builder pass. */
public final class ScheduleReport {
    /** Tables (MRT, live values per row) longer than this many rows are not rendered in the text report. */
    public static final int MAX_RENDERED_ROWS = 1_000;

    private ScheduleReport() {
    }

    /**
     * Human-readable report: MII bounds, order, II, MaxLive, SC, what an exact scheduler proved ("proof: ..."), the
     * schedule and the MRT.
     */
    public static String text(Loop loop, ScheduleResult r, SwingScheduler.SmsResult sms) {
        StringBuilder sb = new StringBuilder();
        sb.append("loop ").append(loop.name()).append(" (").append(loop.size()).append(" ops, ")
                .append(loop.dependences().size()).append(" edges) on machine ").append(loop.machine().name())
                .append(", algorithm ").append(r.algorithm()).append('\n');
        sb.append("ResMII ").append(r.mii().resMII().value()).append(", RecMII ").append(r.mii().recMII().value())
                .append(", MII ").append(r.mii().value()).append('\n');
        if (sms != null) {
            List<SwingOrdering.NodeSet> sets = sms.ordering().sets();
            for (int i = 0; i < sets.size(); i++) {
                sb.append("S").append(i + 1).append(sets.get(i).recurrence()
                        ? " (recurrence, RecMII " + sets.get(i).recMII() + ")" : " (remaining nodes)").append(": ")
                        .append(names(loop, sets.get(i).nodes())).append('\n');
            }
            sb.append("sweeps:");
            for (SwingOrdering.Sweep s : sms.ordering().sweeps()) {
                sb.append(" S").append(s.set() + 1).append(' ').append(s.direction().word()).append(": ")
                        .append(names(loop, s.nodes())).append(" |");
            }
            sb.append('\n');
            if (sms.topDownFirstUsed()) {
                sb.append(sms.firstII() < 0 ? "(top-down-first retry kept: the first order found no schedule)\n"
                        : "(top-down-first retry kept: it lowered II from " + sms.firstII() + ")\n");
            }
        }
        if (r.order().length > 0) {
            sb.append("order: ").append(names(loop, r.order())).append('\n');
        }
        for (String f : r.failures()) {
            sb.append("  ").append(f).append('\n');
        }
        if (!r.ok()) {
            sb.append("no schedule found\n");
            return sb.toString();
        }
        Schedule s = r.schedule();
        RegisterPressure rp = RegisterPressure.of(s);
        sb.append("II ").append(s.ii()).append(", SC ").append(s.stageCount()).append(", MaxLive ")
                .append(rp.maxLive()).append(", RF ").append(rp.replicationFactor()).append(", attempts ")
                .append(r.attempts()).append('\n');
        if (r.proof() != null) {
            sb.append("proof: ").append(r.proof().text()).append('\n');
        }
        sb.append("schedule (cycle, row, stage):\n");
        for (int u = 0; u < loop.size(); u++) {
            sb.append("  ").append(loop.op(u).name()).append(" @").append(s.time(u)).append(" row ")
                    .append(s.row(u)).append(" stage ").append(s.stage(u)).append('\n');
        }
        if (s.ii() <= MAX_RENDERED_ROWS) {
            sb.append("MRT:\n").append(s.mrt().render(s));
            int[] live = rp.livePerRow();
            sb.append("live values per row:");
            for (int x : live) {
                sb.append(' ').append(x);
            }
            sb.append('\n');
        } else {
            sb.append("MRT and live values per row: not shown for II > ").append(MAX_RENDERED_ROWS).append(" rows\n");
        }
        var v = Verifier.verify(s);
        sb.append(v.isEmpty() ? "verified: all dependences and resources hold\n" : "VIOLATIONS: " + v + "\n");
        return sb.toString();
    }

    private static String names(Loop loop, int[] nodes) {
        StringBuilder sb = new StringBuilder();
        for (int v : nodes) {
            sb.append(sb.length() == 0 ? "" : " ").append(loop.op(v).name());
        }
        return sb.toString();
    }

    /** JSON-ready map of the same content (Gson serialises maps and lists). */
    public static Map<String, Object> json(Loop loop, ScheduleResult r, SwingScheduler.SmsResult sms) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("loop", loop.name());
        m.put("machine", loop.machine().name());
        m.put("algorithm", r.algorithm());
        m.put("resMII", r.mii().resMII().value());
        m.put("recMII", r.mii().recMII().value());
        m.put("mii", r.mii().value());
        if (sms != null) {
            List<Map<String, Object>> sets = new ArrayList<>();
            for (SwingOrdering.NodeSet s : sms.ordering().sets()) {
                Map<String, Object> sm = new LinkedHashMap<>();
                sm.put("recurrence", s.recurrence());
                sm.put("recMII", s.recMII());
                sm.put("nodes", List.of(names(loop, s.nodes()).split(" ")));
                sets.add(sm);
            }
            m.put("sets", sets);
            m.put("topDownFirstUsed", sms.topDownFirstUsed());
        }
        if (r.order().length > 0) {
            m.put("order", List.of(names(loop, r.order()).split(" ")));
        }
        m.put("failures", r.failures());
        m.put("ok", r.ok());
        if (r.ok()) {
            Schedule s = r.schedule();
            RegisterPressure rp = RegisterPressure.of(s);
            m.put("ii", s.ii());
            m.put("stageCount", s.stageCount());
            m.put("maxLive", rp.maxLive());
            m.put("replicationFactor", rp.replicationFactor());
            if (r.proof() != null) {
                m.put("iiProvenMinimal", r.proof().iiMinimal());
                m.put("maxLiveProvenMinimal", r.proof().maxLiveMinimal());
                m.put("proof", r.proof().text());
            }
            List<Map<String, Object>> ops = new ArrayList<>();
            for (int u = 0; u < loop.size(); u++) {
                Map<String, Object> om = new LinkedHashMap<>();
                om.put("op", loop.op(u).name());
                om.put("cycle", s.time(u));
                om.put("row", s.row(u));
                om.put("stage", s.stage(u));
                om.put("unit", s.column(u));
                ops.add(om);
            }
            m.put("schedule", ops);
            m.put("livePerRow", rp.livePerRow());
            // (SC-1)·II each (KernelGenerator's shape), counted instead of generated: bounded work for any SC
            long edgeCycles = (long) (s.stageCount() - 1) * s.ii();
            m.put("prologueCycles", edgeCycles);
            m.put("epilogueCycles", edgeCycles);
            m.put("violations", Verifier.verify(s).stream().map(Object::toString).toList());
        }
        return m;
    }
}
