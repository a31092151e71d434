package tessera.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.testing.Fixtures;

/**
 * Regressions of issue 22 item 5 (each once an error response of {@code tessera lsp}): rename where nothing can be
 * renamed, positions past the end of a changed document, line 10^6, an incremental change outside the document, a
 * document with no model, a new name the language cannot write, CR-only line ends.
 */
class LspRobustnessTest {
    private static final long LIMIT_MS = 2000;

    private static String ddg() throws Exception {
        return Files.readString(Fixtures.root().resolve("examples/modsched/motivating.ddg"), StandardCharsets.UTF_8);
    }

    private static <T> T answer(CompletableFuture<T> f) throws Exception {
        return f.get(LIMIT_MS, TimeUnit.MILLISECONDS);
    }

    private static String open(LspSession s, Path dir, String name, String text) {
        String uri = dir.resolve(name).toUri().toString();
        s.server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(
                new TextDocumentItem(uri, name.substring(name.lastIndexOf('.') + 1), 1, text)));
        return uri;
    }

    private static void noRecovered(LspSession s) {
        if (s.impl == null) {
            return; // -Dtessera.lsp.baseline: Xtext's own server
        }
        assertEquals(0, s.impl.recoveredFailures(), () -> s.impl.recoveredMessages().toString());
    }

    @Test
    void cancelledRequestsStayCancelledAndTheServerGoesOn(@TempDir Path dir) throws Exception {
        String text = ddg();
        try (LspSession s = LspSession.start(dir, true)) {
            TextDocumentIdentifier id = new TextDocumentIdentifier(open(s, dir, "m.ddg", text));
            TextDocumentService docs = s.server.getTextDocumentService();
            List<CompletableFuture<?>> sent = new java.util.ArrayList<>();
            for (int i = 0; i < 30; i++) {
                Position p = new Position(i % 20, i);
                sent.add(i % 3 == 0 ? docs.rename(new RenameParams(id, p, "r" + i))
                        : i % 3 == 1 ? docs.completion(new CompletionParams(id, p))
                        : docs.hover(new HoverParams(id, p)));
            }
            sent.forEach(f -> f.cancel(true));
            assertTrue(sent.stream().allMatch(CompletableFuture::isCancelled));
            assertNotNull(answer(docs.completion(new CompletionParams(id, new Position(3, 2)))));
            noRecovered(s); // a cancellation is not swallowed as a failure answered empty
        }
    }

    @Test
    void renameAtWhitespaceAnswersNullWithAndWithoutPrepareSupport(@TempDir Path dir) throws Exception {
        String text = ddg();
        int blank = text.lines().toList().indexOf("");
        for (boolean prepare : new boolean[] {false, true}) {
            try (LspSession s = LspSession.start(dir, prepare)) {
                TextDocumentIdentifier id = new TextDocumentIdentifier(open(s, dir, "m" + prepare + ".ddg", text));
                TextDocumentService docs = s.server.getTextDocumentService();
                Position ws = new Position(blank, 0);
                assertNull(answer(docs.rename(new RenameParams(id, ws, "x"))), "prepare " + prepare);
                assertNull(answer(docs.prepareRename(new PrepareRenameParams(id, new Position(blank, 0)))));
                assertNull(answer(docs.rename(new RenameParams(id, new Position(-5, 3), "x"))));
                noRecovered(s);
            }
        }
    }

    @Test
    void renameToANameTheLanguageCannotWriteIsInvalidParamsAndAValidNameRenames(@TempDir Path dir) throws Exception {
        String text = ddg();
        List<String> lines = text.lines().toList();
        int line = lines.indexOf("  op n1 : load latency 2");
        Position onN1 = new Position(line, "  op n".length());
        try (LspSession s = LspSession.start(dir, true)) {
            TextDocumentIdentifier id = new TextDocumentIdentifier(open(s, dir, "m.ddg", text));
            TextDocumentService docs = s.server.getTextDocumentService();
            WorkspaceEdit edit = answer(docs.rename(new RenameParams(id, onN1, "first")));
            assertNotNull(edit);
            assertFalse(edit.getChanges() == null ? edit.getDocumentChanges().isEmpty() : edit.getChanges().isEmpty());
            ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> answer(docs.rename(new RenameParams(id, onN1, "1 abc"))));
            ResponseErrorException r = (ResponseErrorException) e.getCause();
            assertEquals(ResponseErrorCode.InvalidParams.getValue(), r.getResponseError().getCode());
            assertTrue(r.getResponseError().getMessage().startsWith("'1 abc' cannot be the new name: "),
                    r.getResponseError().getMessage());
            assertFalse(r.getResponseError().getMessage().contains("\n"));
            noRecovered(s);
        }
    }

    @Test
    void requestsPastTheEndOfAChangedDocumentAreClamped(@TempDir Path dir) throws Exception {
        String text = ddg();
        int last = text.lines().toList().size() - 1;
        try (LspSession s = LspSession.start(dir, true)) {
            String uri = open(s, dir, "m.ddg", text);
            TextDocumentService docs = s.server.getTextDocumentService();
            docs.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, 2),
                    List.of(new TextDocumentContentChangeEvent("machine m {\n}\n"))));
            TextDocumentIdentifier id = new TextDocumentIdentifier(uri);
            Position gone = new Position(last, 12);
            answer(docs.hover(new HoverParams(id, gone)));
            assertNotNull(answer(docs.definition(new DefinitionParams(id, gone))));
            assertNotNull(answer(docs.references(new ReferenceParams(id, gone, new ReferenceContext(true)))));
            FormattingOptions two = new FormattingOptions(2, true);
            assertNotNull(answer(docs.rangeFormatting(new DocumentRangeFormattingParams(id, two,
                    new Range(gone, new Position(0, -4))))));
            assertNotNull(answer(docs.completion(new CompletionParams(id, new Position(1_000_000, 0)))).getRight());
            assertNotNull(answer(docs.completion(new CompletionParams(id, new Position(0, Integer.MAX_VALUE)))));
            noRecovered(s);
        }
    }

    @Test
    void anIncrementalChangeOutsideTheDocumentIsAppliedAtItsEnd(@TempDir Path dir) throws Exception {
        String text = ddg();
        try (LspSession s = LspSession.start(dir, true)) {
            String uri = open(s, dir, "m.ddg", text);
            awaitDiagnostics(s, uri, d -> true);
            assertTrue(s.diagnostics.get(uri).getDiagnostics().isEmpty(), s.diagnostics.get(uri).toString());
            s.diagnostics.remove(uri);
            Position far = new Position(1_000_000, 7);
            s.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                    new VersionedTextDocumentIdentifier(uri, 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(far, far), "\n@@@ not ddg\n"))));
            List<Diagnostic> after = awaitDiagnostics(s, uri, d -> !d.isEmpty());
            int lines = text.split("\n", -1).length;
            assertTrue(after.stream().anyMatch(d -> d.getRange().getStart().getLine() >= lines - 1), after.toString());
            noRecovered(s);
        }
    }

    @Test
    void aDocumentWithoutAModelAnswersEmpty(@TempDir Path dir) throws Exception {
        try (LspSession s = LspSession.start(dir, true)) {
            for (String name : List.of("e.kernel", "e.tcpa", "e.exh", "e.pla", "e.ddg", "e.sass")) {
                for (String text : List.of("", "}}}}", "\u0000")) {
                    TextDocumentIdentifier id = new TextDocumentIdentifier(open(s, dir, name, text));
                    TextDocumentService docs = s.server.getTextDocumentService();
                    Position p = new Position(0, 1);
                    assertTrue(answer(docs.definition(new DefinitionParams(id, p))).getLeft().isEmpty());
                    assertNull(answer(docs.prepareRename(new PrepareRenameParams(id, p))));
                    assertNull(answer(docs.rename(new RenameParams(id, p, "x"))));
                    assertNotNull(answer(docs.rangeFormatting(new DocumentRangeFormattingParams(id,
                            new FormattingOptions(2, true), new Range(new Position(0, 0), p)))));
                    s.server.getTextDocumentService().didClose(new org.eclipse.lsp4j.DidCloseTextDocumentParams(id));
                }
            }
            noRecovered(s);
        }
    }

    @Test
    void crOnlyLineEndsGiveTheLinesOfTheLfText(@TempDir Path dir) throws Exception {
        List<String> lines = new java.util.ArrayList<>(ddg().lines().toList());
        lines.add(12, "  op bad : nosuchresource latency 2");
        String lf = String.join("\n", lines) + "\n";
        try (LspSession s = LspSession.start(dir, true)) {
            String a = open(s, dir, "lf.ddg", lf);
            String b = open(s, dir, "cr.ddg", lf.replace('\n', '\r'));
            List<Diagnostic> da = awaitDiagnostics(s, a, d -> !d.isEmpty());
            List<Diagnostic> db = awaitDiagnostics(s, b, d -> !d.isEmpty());
            assertEquals(da.stream().map(d -> d.getRange().toString()).toList(),
                    db.stream().map(d -> d.getRange().toString()).toList());
            assertTrue(da.stream().anyMatch(d -> d.getRange().getStart().getLine() == 12), da.toString());
            noRecovered(s);
        }
    }

    private static List<Diagnostic> awaitDiagnostics(LspSession s, String uri,
            java.util.function.Predicate<List<Diagnostic>> ok) throws InterruptedException {
        long end = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < end) {
            PublishDiagnosticsParams p = s.diagnostics.get(uri);
            if (p != null && ok.test(p.getDiagnostics())) {
                return p.getDiagnostics();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no diagnostics for " + uri + ": " + s.diagnostics.get(uri));
    }
}
