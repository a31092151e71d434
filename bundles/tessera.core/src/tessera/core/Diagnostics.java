package tessera.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/** An ordered, thread-confined collection of diagnostics; passes report into one instead of throwing. */
public final class Diagnostics implements Iterable<Diagnostic> {
    private final List<Diagnostic> items = new ArrayList<>();

    public Diagnostics add(Diagnostic d) {
        items.add(d);
        return this;
    }

    public Diagnostics addAll(Iterable<Diagnostic> ds) {
        ds.forEach(items::add);
        return this;
    }

    public boolean hasErrors() {
        return items.stream().anyMatch(Diagnostic::isError);
    }

    public long count(Severity s) {
        return items.stream().filter(d -> d.severity() == s).count();
    }

    public List<Diagnostic> list() {
        return Collections.unmodifiableList(items);
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }

    public int size() {
        return items.size();
    }

    @Override
    public Iterator<Diagnostic> iterator() {
        return list().iterator();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : items) {
            sb.append(d.format()).append('\n');
        }
        return sb.toString();
    }
}
