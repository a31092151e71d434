package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.ServerModule;
import org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.resource.impl.ResourceServiceProviderRegistryImpl;
import org.eclipse.xtext.util.CancelIndicator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.Guice;
import com.google.inject.util.Modules;

/**
 * Rename and outline of the decision-space language through Xtext's language server (what `tessera lsp` and the
 * editor serve): renaming a set, a choice or a value rewrites its declaration and every reference, and the outline
 * lists sets and choices with their values.
 */
class RenameOutlineTest {
    @TempDir
    Path dir;

    private LanguageServerImpl server(Path root) throws Exception {
        ResourceServiceProviderRegistryImpl reg = new ResourceServiceProviderRegistryImpl();
        // a fresh injector per server: language-server state must not leak between tests
        reg.getExtensionToFactoryMap().put("exh", new tessera.dspace.ide.ExhIdeSetup().createInjectorAndDoEMFRegistration()
                .getInstance(IResourceServiceProvider.class));
        LanguageServerImpl ls = Guice.createInjector(Modules.override(new ServerModule())
                .with(b -> b.bind(IResourceServiceProvider.Registry.class).toInstance(reg)))
                .getInstance(LanguageServerImpl.class);
        LanguageClient client = (LanguageClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] { LanguageClient.class },
                (p, m, a) -> m.getReturnType() == CompletableFuture.class ? CompletableFuture.completedFuture(null) : null);
        ls.connect(client);
        InitializeParams ip = new InitializeParams();
        ip.setWorkspaceFolders(List.of(new org.eclipse.lsp4j.WorkspaceFolder(root.toUri().toString(), "ws")));
        ip.setRootUri(root.toUri().toString());
        ip.setCapabilities(new ClientCapabilities());
        ls.initialize(ip).get(60, TimeUnit.SECONDS);
        ls.initialized(new InitializedParams());
        return ls;
    }

    private static Position at(String text, String needle, int skip) {
        int off = -1;
        for (int i = 0; i <= skip; i++) {
            off = text.indexOf(needle, off + 1);
        }
        assertTrue(off >= 0, needle);
        String before = text.substring(0, off);
        int line = (int) before.chars().filter(c -> c == '\n').count();
        return new Position(line, off - before.lastIndexOf('\n') - 1);
    }

    /** Applies the edits of one document (from the end, so offsets stay valid). */
    private static String apply(String text, List<TextEdit> edits) {
        List<TextEdit> sorted = new ArrayList<>(edits);
        sorted.sort(Comparator.comparing((TextEdit e) -> e.getRange().getStart().getLine())
                .thenComparing(e -> e.getRange().getStart().getCharacter()).reversed());
        String[] lines = text.split("\n", -1);
        for (TextEdit e : sorted) {
            var s = e.getRange().getStart();
            var en = e.getRange().getEnd();
            assertEquals(s.getLine(), en.getLine());
            String l = lines[s.getLine()];
            lines[s.getLine()] = l.substring(0, s.getCharacter()) + e.getNewText() + l.substring(en.getCharacter());
        }
        return String.join("\n", lines);
    }

    private String rename(LanguageServerImpl ls, Path file, Position pos, String newName) throws Exception {
        WorkspaceEdit we = ls.rename(new RenameParams(new TextDocumentIdentifier(file.toUri().toString()), pos, newName))
                .get(60, TimeUnit.SECONDS);
        assertNotNull(we);
        String text = Files.readString(file);
        List<TextEdit> edits = new ArrayList<>();
        if (we.getChanges() != null) {
            for (Map.Entry<String, List<TextEdit>> e : we.getChanges().entrySet()) {
                edits.addAll(e.getValue());
            }
        }
        if (we.getDocumentChanges() != null) {
            we.getDocumentChanges().forEach(dc -> dc.getLeft().getEdits().forEach(e -> edits.add(e.getLeft())));
        }
        return apply(text, edits);
    }

    @Test
    void renameRewritesDeclarationAndReferences() throws Exception {
        Path f = dir.resolve("sched.exh");
        String text = SchedulingTest.SPACE;
        Files.writeString(f, text);
        LanguageServerImpl ls = server(dir);
        try {
            // a choice, from one of its uses
            String renamed = rename(ls, f, at(text, "order($lhs, $mid)", 0), "sequence");
            assertEquals(text.split("order\\(", -1).length - 1, renamed.split("sequence\\(", -1).length - 1);
            assertTrue(!renamed.contains("order(") && renamed.contains("choice enum sequence("), renamed);
            // a set, from its declaration: parameters and foralls follow
            String sets = rename(ls, f, at(text, "Instructions", 0), "Insts");
            assertEquals(text.split("Instructions", -1).length - 1, sets.split("Insts\\b", -1).length - 1);
            assertTrue(!sets.contains("Instructions"), sets);
            // a value, from a use in a constraint: the declaration, the inverse pair and every `is` follow
            Position use = at(text, "is BEFORE", 0);
            String values = rename(ls, f, new Position(use.getLine(), use.getCharacter() + 3), "FIRST");
            assertEquals(text.split("BEFORE", -1).length - 1, values.split("FIRST", -1).length - 1);
            assertTrue(values.contains("value FIRST:") && values.contains("FIRST <-> AFTER"), values);
            assertTrue(Fixtures.load(values).ok(), () -> "the renamed space still compiles: " + Fixtures.load(values).diagnostics());
        } finally {
            ls.shutdown().get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void outlineListsSetsChoicesAndValues() throws Exception {
        var r = IdeServicesTest.load(SchedulingTest.SPACE);
        HierarchicalDocumentSymbolService hs = IdeServicesTest.ide().getInstance(HierarchicalDocumentSymbolService.class);
        List<DocumentSymbol> syms = hs.getSymbols(r, CancelIndicator.NullImpl);
        List<String> top = syms.stream().map(DocumentSymbol::getName).toList();
        assertTrue(top.contains("Instructions") && top.contains("order"), top::toString);
        DocumentSymbol order = syms.stream().filter(s -> s.getName().equals("order")).findFirst().orElseThrow();
        assertEquals(List.of("BEFORE", "AFTER"), order.getChildren().stream().map(DocumentSymbol::getName).toList());
    }

    @Test
    void quickFixReplacesAssignmentByEquality() throws Exception {
        Path f = dir.resolve("fix.exh");
        String text = SchedulingTest.SPACE + """
                require forall $a in Instructions:
                  forall $b in Instructions:
                    order($a, $b) = order($b, $a)
                """;
        Files.writeString(f, text);
        LanguageServerImpl ls = server(dir);
        try {
            ls.didOpen(new org.eclipse.lsp4j.DidOpenTextDocumentParams(new org.eclipse.lsp4j.TextDocumentItem(
                    f.toUri().toString(), "exh", 1, text)));
            Position eq = at(text, ") = order", 0);
            Position p = new Position(eq.getLine(), eq.getCharacter() + 2);
            var actions = ls.codeAction(new org.eclipse.lsp4j.CodeActionParams(new TextDocumentIdentifier(f.toUri().toString()),
                    new org.eclipse.lsp4j.Range(p, p), new org.eclipse.lsp4j.CodeActionContext(List.of())))
                    .get(60, TimeUnit.SECONDS);
            assertEquals(1, actions.size(), actions::toString);
            var a = actions.get(0).getRight();
            assertEquals("Replace with '=='", a.getTitle());
            String fixed = apply(text, a.getEdit().getChanges().values().iterator().next());
            assertTrue(fixed.contains("order($a, $b) == order($b, $a)"), fixed);
            assertTrue(Fixtures.load(fixed).diagnostics().list().stream().noneMatch(d -> d.message().contains("'='")),
                    "the warning is gone");
        } finally {
            ls.shutdown().get(30, TimeUnit.SECONDS);
        }
    }
}
