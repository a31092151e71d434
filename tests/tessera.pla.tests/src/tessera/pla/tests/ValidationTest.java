package tessera.pla.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.pla.rdg.PlaCompiler;

/** Every validation rule (seed 003 §4 restricted PLA form) has a failing example with message and location. */
class ValidationTest {
    /** The single error of a program: its message must start with {@code message}, at line:column. */
    private static Diagnostic expectError(String text, String message, int line, int column) {
        PlaCompiler.Compiled c = Pla.compile(text);
        List<Diagnostic> errors = c.diagnostics().list().stream().filter(Diagnostic::isError).toList();
        assertTrue(errors.stream().anyMatch(d -> d.message().startsWith(message)), "expected '" + message + "' in " + errors);
        Diagnostic d = errors.stream().filter(e -> e.message().startsWith(message)).findFirst().orElseThrow();
        assertEquals(line, d.line(), d.format());
        assertEquals(column, d.column(), d.format());
        assertNull(c.rdg(), "no RDG for an invalid PLA");
        return d;
    }

    @Test
    void cleanExampleHasNoDiagnostics() {
        PlaCompiler.Compiled c = Pla.compile("param N\nfor 0 <= i < N do\n  y[i] = a[i] + 1\nend\n");
        assertTrue(c.ok());
        assertTrue(c.diagnostics().isEmpty(), c.diagnostics().toString());
    }

    @Test
    void declaredClassMustMatch() {
        expectError("param N\noutput x\nfor 0 <= i < N do\n  x[i] = a[i]\n  y[i] = x[i]\nend\n",
                "variable x is declared output but classifies as internal: an output is only defined, never used", 2, 8);
        expectError("param N\ninput b\nfor 0 <= i < N do\n  b[i] = a[i]\nend\n",
                "variable b is declared input but classifies as output: an input is only used, never defined, but b is defined by S1", 2, 7);
        expectError("param N\nconst c := 3\nfor 0 <= i < N do\n  c[] = a[i]\nend\n",
                "constant c cannot be defined", 4, 3);
    }

    @Test
    void internalDefinitionMustBeUniform() {
        expectError("param N\nfor 0 <= i < N do\n  x[i + 1] = a[i]\n  y[i] = x[i]\nend\n",
                "internal variable x must be defined uniformly as x[i] (Q = identity, d = 0; seed 003 §4)", 3, 3);
    }

    @Test
    void internalUseMustBeUniform() {
        expectError("param N\nfor 0 <= i < N do\n  x[i] = a[i]\n  y[i] = x[2 * i]\nend\n",
                "use of internal variable x must be uniform", 4, 10);
    }

    @Test
    void singleAssignmentIsDecidedExactly() {
        // overlap only at i = 5, and only when N > 5: found exactly, not by sampling
        Diagnostic d = expectError("param N\nfor 0 <= i < N do\n  S1: x[i] = a[i] if i <= 5\n  S2: x[i] = b[i] if i >= 5\n  y[i] = x[i]\nend\n",
                "single assignment violated: S2 and S1 both define x for", 4, 7);
        assertTrue(d.message().contains("i == 5"), d.message());
        assertEquals("make the condition spaces of the definitions disjoint", d.hint(), "the PLA's hint per rule code");
        // disjoint for every N: clean
        assertTrue(Pla.compile("param N\nfor 0 <= i < N do\n  S1: x[i] = a[i] if i <= 5\n  S2: x[i] = b[i] if i >= 6\n  y[i] = x[i]\nend\n").ok());
        // an output written in two iterations (non-injective Q)
        expectError("param N where N >= 1\nfor 0 <= i < N, 0 <= j < N do\n  s[i] = a[i, j]\nend\n",
                "single assignment violated: S1 defines some instance of s in two different iterations", 3, 3);
        assertTrue(Pla.compile("param N\nfor 0 <= i < N, 0 <= j < N do\n  s[i] = a[i, j] if j == N - 1\nend\n").ok());
    }

    @Test
    void usesOfInternalInstancesMustBeDefined() {
        Diagnostic d = expectError("param N\nfor 0 <= i < N do\n  S1: x[i] = in[] if i == 0\n  S2: x[i] = y[i - 1]\n  S3: y[i] = x[i] shr 1\n  S4: bits[i] = x[i] and 1\nend\n",
                "S2 uses instances of y that no equation defines: y[i - 1] for", 4, 14);
        assertTrue(d.message().contains("i == 0"), d.message());
        assertEquals("add an equation for the missing instances or restrict the condition", d.hint());
    }

    @Test
    void zeroDistanceCyclesAreRejected() {
        expectError("param N\nfor 0 <= i < N do\n  S1: x[i] = y[i] + a[i]\n  S2: y[i] = x[i]\n  S3: o[i] = y[i]\nend\n",
                "dependence cycle with zero total distance: S", 0 + 3, 14);
        // distances (1) and (-1) add up to zero too
        expectError("param N\nfor 0 <= i < N do\n  S1: x[i] = y[i - 1] if i >= 1\n  S0: x[i] = a[i] if i == 0\n  S2: y[i] = x[i + 1] if i < N - 1\n  S4: y[i] = a[i] if i == N - 1\n  S3: o[i] = y[i]\nend\n",
                "dependence cycle with zero total distance", 3, 14);
    }

    @Test
    void undeclaredParametersAndIndices() {
        assertEquals("", expectError("for 0 <= i < N do\n  y[i] = a[i]\nend\n", "undeclared parameter or index 'N'", 1, 14)
                .hint(), "no hint for linking errors");
        expectError("param N\nfor 0 <= i < N do\n  y[i] = a[i] if j >= 0\nend\n", "undeclared parameter or index 'j'", 3, 18);
        expectError("param N where i >= 0\nfor 0 <= i < N do\n  y[i] = a[i]\nend\n", "undeclared parameter or index 'i'", 1, 15);
    }

    @Test
    void dimensionMismatch() {
        expectError("param N\nfor 0 <= i < N do\n  y[i] = a[i] + a[i, i]\nend\n",
                "dimension mismatch: a has 2 indices here but 1 at line 3", 3, 17);
        expectError("param N\nconst c = 2\nfor 0 <= i < N do\n  y[i] = a[i] + c[i]\nend\n",
                "constant c is a scalar: write c[]", 4, 17);
    }

    @Test
    void operationArityAndAffineIndices() {
        expectError("param N\nfor 0 <= i < N do\n  y[i] = add(a[i])\nend\n", "operation add takes 2 operands, found 1", 3, 10);
        expectError("param N\nfor 0 <= i < N do\n  y[i] = a[i * i]\nend\n", "not affine: a product of two variables", 3, 12);
        expectError("param N\nfor 0 <= i < N do\n  y[i] = a[N - i]\nend\n",
                "index expressions may use loop indices and integer constants only, not the parameter N", 3, 12);
    }

    @Test
    void syntaxErrorsAreDiagnosticsWithLines() {
        PlaCompiler.Compiled c = Pla.compile("param N\nfor 0 <= i < N do\n  y[i] = = a[i]\nend\n");
        Diagnostic d = c.diagnostics().list().get(0);
        assertTrue(d.isError());
        assertEquals(3, d.line());
        assertTrue(d.format().startsWith("test.pla:3:"), d.format());
    }

    @Test
    void emptyConditionSpaceIsAWarning() {
        PlaCompiler.Compiled c = Pla.compile("param N\nfor 0 <= i < N do\n  y[i] = a[i] if i < 0\nend\n");
        assertTrue(c.ok());
        // the validator's diagnostics (what markers and the CLI show), not only the analysis
        assertEquals(1, c.diagnostics().list().size(), c.diagnostics().toString());
        Diagnostic d = c.diagnostics().list().get(0);
        assertEquals(tessera.core.Severity.WARNING, d.severity());
        assertEquals("the condition space of S1 is empty for all parameter values: the equation never applies", d.message());
        assertEquals(3, d.line(), d.format());
        assertEquals(18, d.column(), d.format()); // on the condition
        // a space empty only through the parameter context is empty too; a non-empty one gives no warning
        PlaCompiler.Compiled ctx = Pla.compile("param N where N <= 2\nfor 0 <= i < N do\n  y[i] = a[i] if i >= 3\nend\n");
        assertEquals(1, ctx.diagnostics().list().size(), ctx.diagnostics().toString());
        assertTrue(Pla.compile("param N\nfor 0 <= i < N do\n  y[i] = a[i] if i >= 3\nend\n").diagnostics().isEmpty());
    }
}
