package tessera.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Severity;
import tessera.core.TimeLimitException;

class DiagnosticTest {
    @Test
    void formatsLikeACompiler() {
        assertEquals("a.pla:3: error: undeclared index 'k' (declare it in the iteration space)",
                Diagnostic.error("a.pla", 3, "undeclared index 'k'", "declare it in the iteration space").format());
        assertEquals("warning: unused", Diagnostic.warning("", 0, "unused", "").format());
        assertEquals("b.ddg:2:7: error: x", new Diagnostic(Severity.ERROR, "b.ddg", 2, 7, -1, 0, "x", "", "").format());
        assertEquals("c.portmap:1:1: error: the port mapping defines no instruction",
                Diagnostic.error("c.portmap", 0, "the port mapping defines no instruction", "").format(), "a whole-file problem is shown at its start");
        assertEquals(1, Diagnostic.error("c.portmap", 0, "x", "").toJson().get("line"));
    }

    @Test
    void collectionCountsSeverities() {
        Diagnostics ds = new Diagnostics().add(Diagnostic.warning("f", 1, "w", "")).add(Diagnostic.info("f", 2, "i"));
        assertFalse(ds.hasErrors());
        ds.add(Diagnostic.error("f", 3, "e", ""));
        assertTrue(ds.hasErrors());
        assertEquals(1, ds.count(Severity.ERROR));
        assertEquals(3, ds.size());
    }

    @Test
    void deadlineExpiresWithAClearMessage() throws InterruptedException {
        Deadline d = Deadline.after(Duration.ofMillis(1));
        Thread.sleep(5);
        assertTrue(d.expired());
        TimeLimitException e = assertThrows(TimeLimitException.class, () -> d.check("the exact scheduler"));
        assertTrue(e.getMessage().startsWith("the exact scheduler did not finish within its time limit of 1 ms"),
                e.getMessage());
        assertFalse(Deadline.never().expired());
    }
}
