package tessera.cli.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentHighlightParams;
import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SignatureHelpParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.testing.Fixtures;

/**
 * Issue 22 item 5: {@code tessera lsp} under a seeded fuzzer. Mutated examples of every language (and files no language
 * reads) are opened and changed (full and incremental changes, ranges outside the document included), then hover,
 * completion, definition, references, highlights, rename/prepareRename, formatting, symbols, folding, semantic tokens,
 * code actions and code lenses are asked at random positions (inside, past the end, negative, huge). Fails on any error
 * response, any request over {@value #LIMIT_MS} ms, a diagnostic without a valid range, or a failure the server had to
 * recover from; prints the seed, the counts per request kind and each failing case (also written under
 * target/lsp-fuzz/ to add as a regression). {@code -Dtessera.lsp.seed=S -Dtessera.lsp.requests=N} vary the run.
 */
class LspFuzzTest {
    static final long SEED = Long.getLong("tessera.lsp.seed", 22L);
    static final int REQUESTS = Integer.getInteger("tessera.lsp.requests", 2400);
    static final long LIMIT_MS = 2000;
    static final Set<String> LANGUAGES = Set.of("pla", "ddg", "tcpa", "exh", "sass", "kernel");
    static final Set<String> OTHERS = Set.of("portmap", "kernels", "decisions", "json");

    /** Counts per request kind: sent, error responses, over the time limit, invalid results. */
    private final Map<String, int[]> counts = new TreeMap<>();
    private final List<String> failures = new ArrayList<>();
    private int requests;
    private int refused;
    private long slowestMs;
    private String slowest = "";

    @Test
    void everyRequestOnMutatedDocumentsIsAnsweredAsTheProtocolSaysWithin2s(@TempDir Path dir) throws Exception {
        long start = System.nanoTime();
        List<Path> sources = examples();
        Random rnd = new Random(SEED);
        System.out.println("LspFuzzTest: seed " + SEED + ", " + sources.size() + " example files, target " + REQUESTS
                + " requests");
        int changes = 0;
        long maxMs = 0;
        try (LspSession s = LspSession.start(dir, true)) {
            assertTrue(s.extensions.containsAll(LANGUAGES), "the server serves " + s.extensions);
            TextDocumentService docs = s.server.getTextDocumentService();
            warmUp(s, dir, sources);
            Map<String, String> texts = new HashMap<>();
            Map<String, Integer> versions = new HashMap<>();
            for (int docCase = 0; requests < REQUESTS; docCase++) {
                Path src = sources.get(rnd.nextInt(sources.size()));
                String original = Files.readString(src, StandardCharsets.UTF_8);
                String name = src.getParent().getFileName() + "-" + src.getFileName();
                String uri = dir.resolve(name).toUri().toString();
                List<String> what = new ArrayList<>();
                String text = rnd.nextInt(5) == 0 && texts.containsKey(uri)
                        ? LspMutator.mutate(texts.get(uri), rnd, what)
                        : LspMutator.mutate(original, rnd, what);
                int v = versions.merge(uri, 1, Integer::sum);
                String ext = name.substring(name.lastIndexOf('.') + 1);
                String how;
                if (v == 1) {
                    docs.didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, ext, v, text)));
                    how = "didOpen";
                } else {
                    int mode = rnd.nextInt(10);
                    VersionedTextDocumentIdentifier id = new VersionedTextDocumentIdentifier(uri, v);
                    if (mode < 6) {
                        docs.didChange(new DidChangeTextDocumentParams(id,
                                List.of(new TextDocumentContentChangeEvent(text))));
                        how = "didChange(full)";
                    } else if (mode < 9) {
                        // an incremental change: replace a random range of the old text (or one outside it) by a snippet
                        String old = texts.get(uri);
                        Range r = new Range(position(old, rnd), position(old, rnd));
                        String snippet = text.substring(rnd.nextInt(text.length() + 1));
                        snippet = snippet.substring(0, Math.min(snippet.length(), rnd.nextInt(200)));
                        docs.didChange(new DidChangeTextDocumentParams(id,
                                List.of(new TextDocumentContentChangeEvent(r, snippet))));
                        how = "didChange(" + r.getStart().getLine() + ":" + r.getStart().getCharacter() + "-"
                                + r.getEnd().getLine() + ":" + r.getEnd().getCharacter() + ")";
                        // then the full text, so the client knows the document exactly
                        VersionedTextDocumentIdentifier next = new VersionedTextDocumentIdentifier(uri,
                                versions.merge(uri, 1, Integer::sum));
                        docs.didChange(new DidChangeTextDocumentParams(next,
                                List.of(new TextDocumentContentChangeEvent(text))));
                    } else {
                        docs.didClose(new DidCloseTextDocumentParams(new TextDocumentIdentifier(uri)));
                        docs.didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, ext, v, text)));
                        how = "didClose+didOpen";
                    }
                }
                changes++;
                texts.put(uri, text);
                String where = "seed " + SEED + " document case " + docCase + " (" + name + ", " + how + ", "
                        + String.join("+", what) + ")";
                int n = 8 + rnd.nextInt(8);
                for (int i = 0; i < n; i++) {
                    maxMs = Math.max(maxMs, request(s, uri, text, rnd, where, dir.resolve(name)));
                }
            }
            checkDiagnostics(s, texts);
            if (s.impl != null && s.impl.recoveredFailures() > 0) {
                failures.add(s.impl.recoveredFailures()
                        + " requests failed inside the server and were answered empty: " + s.impl.recoveredMessages());
            }
        }
        double secs = (System.nanoTime() - start) / 1e9;
        StringBuilder table = new StringBuilder();
        counts.forEach((k, c) -> table.append(String.format("  %-22s %5d sent %4d errors %4d slow %4d invalid%n", k,
                c[0], c[1], c[2], c[3])));
        System.out.printf("LspFuzzTest: seed %d: %d requests over %d document changes in %.1f s (slowest %d ms), "
                + "%d failures; %d renames refused an invalid new name (InvalidParams)%n%s  slowest: %s%n", SEED, requests,
                changes, secs, maxMs, failures.size(), refused, table, slowest);
        failures.stream().limit(20).forEach(f -> System.out.println("  FAIL " + f));
        assertTrue(failures.isEmpty(), () -> failures.size() + " failures, first: " + failures.get(0));
    }

    /** Start-up is not a request: one example per language is opened and checked before the clock runs. */
    private static void warmUp(LspSession s, Path dir, List<Path> sources) throws Exception {
        for (String ext : LANGUAGES) {
            Path src = sources.stream().filter(p -> p.toString().endsWith("." + ext)).findFirst().orElseThrow();
            String uri = dir.resolve("warm-up." + ext).toUri().toString();
            s.server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(
                    new TextDocumentItem(uri, ext, 1, Files.readString(src, StandardCharsets.UTF_8))));
            s.server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(uri)))
                    .get(60, TimeUnit.SECONDS);
        }
    }

    /** Sends one random request at a random position; returns its time in ms. */
    private long request(LspSession s, String uri, String text, Random rnd, String where, Path file) {
        TextDocumentService docs = s.server.getTextDocumentService();
        TextDocumentIdentifier id = new TextDocumentIdentifier(rnd.nextInt(40) == 0 ? missingUri(file, rnd) : uri);
        Position p = position(text, rnd);
        Range range = new Range(position(text, rnd), position(text, rnd));
        int kind = rnd.nextInt(17);
        String newName = newName(rnd);
        String name;
        Supplier<CompletableFuture<?>> call;
        switch (kind) {
            case 0 -> {
                name = "hover";
                call = () -> docs.hover(new HoverParams(id, p));
            }
            case 1 -> {
                name = "completion";
                call = () -> docs.completion(new CompletionParams(id, p));
            }
            case 2 -> {
                name = "definition";
                call = () -> docs.definition(new DefinitionParams(id, p));
            }
            case 3 -> {
                name = "references";
                call = () -> docs.references(new ReferenceParams(id, p, new ReferenceContext(rnd.nextBoolean())));
            }
            case 4 -> {
                name = "documentHighlight";
                call = () -> docs.documentHighlight(new DocumentHighlightParams(id, p));
            }
            case 5 -> {
                name = "prepareRename";
                call = () -> docs.prepareRename(new PrepareRenameParams(id, p));
            }
            case 6, 7 -> {
                name = "rename";
                call = () -> docs.rename(new RenameParams(id, p, newName));
            }
            case 8 -> {
                name = "formatting";
                call = () -> docs.formatting(new DocumentFormattingParams(id, new FormattingOptions(4, true)));
            }
            case 9 -> {
                name = "rangeFormatting";
                FormattingOptions two = new FormattingOptions(2, false);
                call = () -> docs.rangeFormatting(new DocumentRangeFormattingParams(id, two, range));
            }
            case 10 -> {
                name = "documentSymbol";
                call = () -> docs.documentSymbol(new DocumentSymbolParams(id));
            }
            case 11 -> {
                name = "foldingRange";
                call = () -> docs.foldingRange(new FoldingRangeRequestParams(id));
            }
            case 12 -> {
                name = "semanticTokens/full";
                call = () -> docs.semanticTokensFull(new SemanticTokensParams(id));
            }
            case 13 -> {
                name = "codeAction";
                call = () -> docs.codeAction(new CodeActionParams(id, range, new CodeActionContext(List.of())));
            }
            case 14 -> {
                name = "codeLens";
                call = () -> docs.codeLens(new CodeLensParams(id));
            }
            case 15 -> {
                name = "signatureHelp";
                call = () -> docs.signatureHelp(new SignatureHelpParams(id, p));
            }
            default -> {
                name = "workspace/symbol";
                call = () -> s.server.getWorkspaceService().symbol(new WorkspaceSymbolParams(newName));
            }
        }
        int[] c = counts.computeIfAbsent(name, k -> new int[4]);
        c[0]++;
        requests++;
        String at = name + " at " + p.getLine() + ":" + p.getCharacter() + " range " + range.getStart().getLine() + ":"
                + range.getStart().getCharacter() + "-" + range.getEnd().getLine() + ":" + range.getEnd().getCharacter()
                + " on " + id.getUri();
        long t0 = System.nanoTime();
        CompletableFuture<?> f = call.get();
        try {
            Object result = f.get(LIMIT_MS, TimeUnit.MILLISECONDS);
            String bad = LspResults.invalid(result);
            if (bad != null) {
                c[3]++;
                fail(where, at, "invalid result: " + bad, text, file);
            }
        } catch (ExecutionException e) {
            if (name.equals("rename") && refusedName(e.getCause(), newName)) {
                refused++;
                return (System.nanoTime() - t0) / 1_000_000; // LSP: InvalidParams for a new name that is no name
            }
            c[1]++;
            fail(where, at, "error response: " + e.getCause(), text, file);
        } catch (TimeoutException e) {
            c[2]++;
            f.cancel(true);
            fail(where, at, "no answer within " + LIMIT_MS + " ms", text, file);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        if (ms > slowestMs) {
            slowestMs = ms;
            slowest = where + ": " + at;
        }
        return ms;
    }

    /** A rename refused with InvalidParams and a one-line message, for a new name that is not an identifier. */
    static boolean refusedName(Throwable error, String newName) {
        return error instanceof ResponseErrorException r
                && r.getResponseError().getCode() == ResponseErrorCode.InvalidParams.getValue()
                && !r.getResponseError().getMessage().contains("\n") && !newName.matches("[A-Za-z_][A-Za-z_0-9]*");
    }

    private static String missingUri(Path file, Random rnd) {
        return rnd.nextBoolean() ? file.resolveSibling("never-opened-" + file.getFileName()).toUri().toString()
                : "file:///no/such/folder/x." + file.getFileName().toString().replaceAll(".*\\.", "");
    }

    private static String newName(Random rnd) {
        return switch (rnd.nextInt(6)) {
            case 0 -> "";
            case 1 -> "1abc";
            case 2 -> "x y";
            case 3 -> "n" + "q".repeat(rnd.nextInt(3000));
            default -> "renamed" + rnd.nextInt(100);
        };
    }

    /** A position: mostly inside the text, else past a line's end, past the last line, negative, or huge. */
    static Position position(String text, Random rnd) {
        String[] lines = text.split("\n", -1);
        int r = rnd.nextInt(20);
        if (r < 13) {
            int l = rnd.nextInt(lines.length);
            return new Position(l, rnd.nextInt(lines[l].length() + 1));
        }
        return switch (r) {
            case 13 -> new Position(rnd.nextInt(lines.length), lines[0].length() + 1 + rnd.nextInt(1000));
            case 14 -> new Position(lines.length + rnd.nextInt(5), rnd.nextInt(10));
            case 15 -> new Position(-1 - rnd.nextInt(3), rnd.nextInt(5));
            case 16 -> new Position(rnd.nextInt(lines.length), -1 - rnd.nextInt(3));
            case 17 -> new Position(1_000_000, 0);
            case 18 -> new Position(Integer.MAX_VALUE, Integer.MAX_VALUE);
            default -> new Position(Integer.MIN_VALUE, Integer.MIN_VALUE);
        };
    }

    private void checkDiagnostics(LspSession s, Map<String, String> texts) {
        for (PublishDiagnosticsParams p : s.published) {
            for (Diagnostic d : p.getDiagnostics()) {
                Range r = d.getRange();
                if (r == null || LspResults.invalid(r) != null || d.getMessage() == null) {
                    counts.computeIfAbsent("publishDiagnostics", k -> new int[4])[3]++;
                    failures.add("diagnostic without a valid range on " + p.getUri() + ": " + d);
                }
            }
        }
    }

    private void fail(String where, String at, String why, String text, Path file) {
        String line = where + ": " + at + ": " + why;
        if (failures.size() < 50) {
            try {
                Path out = Fixtures.root().resolve("target/lsp-fuzz");
                Files.createDirectories(out);
                Path f = out.resolve("seed" + SEED + "-" + failures.size() + "-" + file.getFileName());
                Files.writeString(f, text, StandardCharsets.UTF_8);
                line += " (document: " + f + ")";
            } catch (Exception e) {
                line += " (document not written: " + e + ")";
            }
        }
        failures.add(line);
    }

    /** The example files: every served language, and files no language reads. */
    static List<Path> examples() throws Exception {
        try (Stream<Path> all = Files.walk(Fixtures.root().resolve("examples"))) {
            return all.filter(Files::isRegularFile).filter(p -> {
                String n = p.getFileName().toString();
                String ext = n.substring(n.lastIndexOf('.') + 1);
                return LANGUAGES.contains(ext) || OTHERS.contains(ext);
            }).sorted().toList();
        }
    }
}
