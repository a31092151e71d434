package tessera.cli.lsp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.apache.log4j.Logger;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeNotebookDocumentParams;
import org.eclipse.lsp4j.DidCloseNotebookDocumentParams;
import org.eclipse.lsp4j.DidOpenNotebookDocumentParams;
import org.eclipse.lsp4j.DidSaveNotebookDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentHighlight;
import org.eclipse.lsp4j.DocumentHighlightParams;
import org.eclipse.lsp4j.DocumentOnTypeFormattingParams;
import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.FoldingRange;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.PrepareRenameDefaultBehavior;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PrepareRenameResult;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureHelpParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Either3;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.conversion.IValueConverterService;
import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.signatureHelp.ISignatureHelpService;
import org.eclipse.xtext.resource.EObjectAtOffsetHelper;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.service.OperationCanceledManager;
import org.eclipse.xtext.util.CancelIndicator;

import com.google.inject.Inject;
import com.google.inject.Singleton;

/**
 * {@code tessera lsp}'s language server: Xtext's, with every request answered as the protocol says (issue 22).
 * Positions outside a document are clamped by {@link ClampedDocument}; a request on a document the server cannot read
 * gets the empty result; rename and prepareRename where nothing can be renamed answer null; a failure inside a
 * language's service is logged as one line on stderr and answered with the empty result instead of an internal error.
 * Cancellation still propagates (the client gets RequestCancelled).
 */
@Singleton
public class TesseraLanguageServer extends LanguageServerImpl {
    private static final Logger LOG = Logger.getLogger(TesseraLanguageServer.class);

    @Inject
    private OperationCanceledManager cancelManager;

    private final AtomicLong recovered = new AtomicLong();
    private final List<String> recoveredMessages = Collections.synchronizedList(new ArrayList<>());

    /** How many requests failed inside a service and were answered with the empty result (0 is the goal). */
    public long recoveredFailures() {
        return recovered.get();
    }

    /** The first hundred of those failures, each with the innermost cause's first frames (for tests). */
    public List<String> recoveredMessages() {
        synchronized (recoveredMessages) {
            return List.copyOf(recoveredMessages);
        }
    }

    /** Runs one request's work; a failure that is not a cancellation becomes {@code empty}. */
    private <T> T guard(String method, TextDocumentIdentifier doc, Supplier<T> work, Supplier<T> empty) {
        if (doc != null && !readable(doc)) {
            return empty.get();
        }
        try {
            return work.get();
        } catch (Throwable t) { // StackOverflowError and friends too: the server must keep answering
            if (t instanceof CancellationException || cancelManager.isOperationCanceledException(t)) {
                throw t;
            }
            if (t instanceof OutOfMemoryError oom) {
                throw oom;
            }
            recovered.incrementAndGet();
            String line = method + " on " + (doc == null ? "-" : doc.getUri()) + ": " + t;
            if (recoveredMessages.size() < 100) {
                recoveredMessages.add(line + where(t));
            }
            LOG.warn(line.replace('\n', ' '));
            return empty.get();
        }
    }

    /** The innermost cause's first frames, for the failure list. */
    private static String where(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        StringBuilder sb = new StringBuilder(" [" + root + "]");
        StackTraceElement[] st = root.getStackTrace();
        for (int i = 0; i < Math.min(8, st.length); i++) {
            sb.append("\n    at ").append(st[i]);
        }
        return sb.toString();
    }

    /** Whether a language reads the document and it can be read (open, or a file of the workspace that parses). */
    private boolean readable(TextDocumentIdentifier doc) {
        if (doc == null || doc.getUri() == null) {
            return false;
        }
        try {
            URI uri = getURI(doc);
            if (getResourceServiceProvider(uri) == null) {
                return false;
            }
            return getWorkspaceManager().doRead(uri, (d, r) -> d != null && r != null && r.getParseResult() != null);
        } catch (RuntimeException e) {
            cancelManager.propagateIfCancelException(e);
            return false;
        }
    }

    @Override
    protected Either<List<CompletionItem>, CompletionList> completion(CancelIndicator c, CompletionParams p) {
        return guard("completion", p.getTextDocument(), () -> {
            p.setPosition(clamp(p.getTextDocument(), p.getPosition()));
            return super.completion(c, p);
        }, () -> Either.forRight(new CompletionList()));
    }

    @Override
    protected Either<List<? extends Location>, List<? extends LocationLink>> definition(DefinitionParams p,
            CancelIndicator c) {
        return guard("definition", p.getTextDocument(), () -> {
            if (!hasModel(p.getTextDocument())) {
                return Either.forLeft(new ArrayList<Location>());
            }
            p.setPosition(clamp(p.getTextDocument(), p.getPosition()));
            return super.definition(p, c);
        }, () -> Either.forLeft(new ArrayList<Location>()));
    }

    @Override
    protected List<? extends Location> references(ReferenceParams p, CancelIndicator c) {
        return guard("references", p.getTextDocument(), () -> {
            if (!hasModel(p.getTextDocument())) {
                return new ArrayList<Location>();
            }
            p.setPosition(clamp(p.getTextDocument(), p.getPosition()));
            return super.references(p, c);
        }, ArrayList::new);
    }

    @Override
    protected List<DocumentSymbol> documentSymbol(DocumentSymbolParams p, CancelIndicator c) {
        return guard("documentSymbol", p.getTextDocument(), () -> super.documentSymbol(p, c), ArrayList::new);
    }

    @Override
    protected List<? extends WorkspaceSymbol> symbol(WorkspaceSymbolParams p, CancelIndicator c) {
        return guard("workspace/symbol", null, () -> super.symbol(p, c), ArrayList::new);
    }

    @Override
    protected Hover hover(HoverParams p, CancelIndicator c) {
        return guard("hover", p.getTextDocument(), () -> {
            p.setPosition(clamp(p.getTextDocument(), p.getPosition()));
            return super.hover(p, c);
        }, () -> null);
    }

    @Override
    protected SignatureHelp signatureHelp(SignatureHelpParams p, CancelIndicator c) {
        return guard("signatureHelp", p.getTextDocument(), () -> {
            p.setPosition(clamp(p.getTextDocument(), p.getPosition()));
            return super.signatureHelp(p, c);
        }, () -> ISignatureHelpService.EMPTY);
    }

    @Override
    protected List<? extends DocumentHighlight> documentHighlight(DocumentHighlightParams p, CancelIndicator c) {
        return guard("documentHighlight", p.getTextDocument(), () -> {
            if (!hasModel(p.getTextDocument())) {
                return new ArrayList<DocumentHighlight>();
            }
            p.setPosition(clamp(p.getTextDocument(), p.getPosition()));
            return super.documentHighlight(p, c);
        }, ArrayList::new);
    }

    @Override
    protected List<Either<Command, CodeAction>> codeAction(CodeActionParams p, CancelIndicator c) {
        return guard("codeAction", p.getTextDocument(), () -> {
            p.setRange(clamp(p.getTextDocument(), p.getRange()));
            return super.codeAction(p, c);
        }, ArrayList::new);
    }

    @Override
    protected List<? extends CodeLens> codeLens(CodeLensParams p, CancelIndicator c) {
        return guard("codeLens", p.getTextDocument(), () -> super.codeLens(p, c), ArrayList::new);
    }

    @Override
    protected CodeLens resolveCodeLens(URI uri, CodeLens unresolved, CancelIndicator c) {
        return guard("codeLens/resolve", null, () -> super.resolveCodeLens(uri, unresolved, c), () -> unresolved);
    }

    @Override
    protected List<? extends TextEdit> formatting(DocumentFormattingParams p, CancelIndicator c) {
        return guard("formatting", p.getTextDocument(), () -> hasModel(p.getTextDocument())
                ? super.formatting(p, c)
                : new ArrayList<TextEdit>(), ArrayList::new);
    }

    @Override
    protected List<? extends TextEdit> rangeFormatting(DocumentRangeFormattingParams p, CancelIndicator c) {
        return guard("rangeFormatting", p.getTextDocument(), () -> {
            if (!hasModel(p.getTextDocument())) {
                return new ArrayList<TextEdit>();
            }
            p.setRange(clamp(p.getTextDocument(), p.getRange()));
            return super.rangeFormatting(p, c);
        }, ArrayList::new);
    }

    /** Not offered in the capabilities; answered with no edits rather than Xtext's UnsupportedOperationException. */
    @Override
    public CompletableFuture<List<? extends TextEdit>> onTypeFormatting(DocumentOnTypeFormattingParams params) {
        return CompletableFuture.completedFuture(new ArrayList<TextEdit>());
    }

    @Override
    protected Object executeCommand(ExecuteCommandParams p, CancelIndicator c) {
        return guard("executeCommand", null, () -> super.executeCommand(p, c), () -> null);
    }

    @Override
    protected List<FoldingRange> foldingRange(FoldingRangeRequestParams p, CancelIndicator c) {
        return guard("foldingRange", p.getTextDocument(), () -> super.foldingRange(p, c), ArrayList::new);
    }

    @Override
    protected SemanticTokens semanticTokensFull(SemanticTokensParams p, CancelIndicator c) {
        return guard("semanticTokens/full", p.getTextDocument(), () -> super.semanticTokensFull(p, c),
                () -> new SemanticTokens(new ArrayList<>()));
    }

    /** Null (the protocol's "cannot rename here") where no named element is at the position. */
    @Override
    protected Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior> prepareRename(PrepareRenameParams p,
            CancelIndicator c) {
        return guard("prepareRename", p.getTextDocument(), () -> {
            if (!hasModel(p.getTextDocument())) {
                return null;
            }
            p.setPosition(clamp(p.getTextDocument(), p.getPosition()));
            return renamable(p.getTextDocument(), p.getPosition()) ? super.prepareRename(p, c) : null;
        }, () -> null);
    }

    /** A rename's outcome: the edit (null: nothing to rename), or why the new name is refused. */
    private record RenameOutcome(WorkspaceEdit edit, String refusal) {
    }

    /**
     * Null (no change) where no named element is at the position; a new name the language cannot write is refused
     * with InvalidParams and a one-line message (answered outside the read request, so Xtext logs no stack trace);
     * otherwise Xtext's rename. Cancelling the answer cancels the read.
     */
    @Override
    public CompletableFuture<WorkspaceEdit> rename(RenameParams params) {
        CompletableFuture<RenameOutcome> read = getRequestManager().runRead(c -> renameOutcome(params, c));
        CompletableFuture<WorkspaceEdit> answer = read.thenApply(o -> {
            if (o.refusal() != null) {
                throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, o.refusal(), null));
            }
            return o.edit();
        });
        answer.whenComplete((r, t) -> {
            if (answer.isCancelled()) {
                read.cancel(true);
            }
        });
        return answer;
    }

    @Override
    protected WorkspaceEdit rename(RenameParams p, CancelIndicator c) {
        return renameOutcome(p, c).edit();
    }

    private RenameOutcome renameOutcome(RenameParams p, CancelIndicator c) {
        return guard("rename", p.getTextDocument(), () -> {
            if (!hasModel(p.getTextDocument())) {
                return new RenameOutcome(null, null);
            }
            p.setPosition(clamp(p.getTextDocument(), p.getPosition()));
            if (!renamable(p.getTextDocument(), p.getPosition())) {
                return new RenameOutcome(null, null);
            }
            String invalid = invalidName(p.getTextDocument(), p.getPosition(), p.getNewName());
            if (invalid == null) {
                try {
                    return new RenameOutcome(super.rename(p, c), null);
                } catch (RuntimeException e) {
                    invalid = conversionProblem(e);
                    if (invalid == null) {
                        throw e;
                    }
                }
            }
            // the new name is not a name of the language: the client's parameter is wrong (LSP: InvalidParams)
            return new RenameOutcome(null, "'" + abbreviate(p.getNewName()) + "' cannot be the new name: " + invalid);
        }, () -> new RenameOutcome(null, null));
    }

    /**
     * Whether the document parsed into a model (a root element). Without one there is nothing to define, reference,
     * rename or format, and Xtext's helpers for these fail on the missing element instead of answering "nothing".
     */
    private boolean hasModel(TextDocumentIdentifier doc) {
        return getWorkspaceManager().doRead(getURI(doc),
                (d, r) -> r != null && r.getParseResult() != null && r.getParseResult().getRootASTElement() != null);
    }

    /** The position as the document clamps it (unchanged where the document cannot be read). */
    private Position clamp(TextDocumentIdentifier doc, Position p) {
        return getWorkspaceManager().doRead(getURI(doc), (d, r) -> d == null ? p : d.getPosition(d.getOffSet(p)));
    }

    private Range clamp(TextDocumentIdentifier doc, Range range) {
        if (range == null) {
            return new Range(new Position(0, 0), new Position(0, 0));
        }
        Position a = clamp(doc, range.getStart());
        Position b = clamp(doc, range.getEnd());
        boolean ordered = a.getLine() < b.getLine()
                || a.getLine() == b.getLine() && a.getCharacter() <= b.getCharacter();
        return ordered ? new Range(a, b) : new Range(b, a);
    }

    /** Why the language's value converter rejects {@code newName} for the name at the position, or null. */
    private String invalidName(TextDocumentIdentifier doc, Position pos, String newName) {
        IResourceServiceProvider services = getResourceServiceProvider(getURI(doc));
        IValueConverterService converter = services == null ? null : services.get(IValueConverterService.class);
        if (converter == null) {
            return null;
        }
        return getWorkspaceManager().doRead(getURI(doc), (Document d, XtextResource r) -> {
            if (d == null || r == null || r.getParseResult() == null) {
                return null;
            }
            int offset = d.getOffSet(pos);
            for (int o : new int[] {offset, offset - 1}) {
                ICompositeNode root = r.getParseResult().getRootNode();
                ILeafNode leaf = o < 0 ? null : NodeModelUtils.findLeafNodeAtOffset(root, o);
                EObject ge = leaf == null ? null : leaf.getGrammarElement();
                if (ge instanceof CrossReference x) {
                    ge = x.getTerminal();
                }
                if (ge instanceof RuleCall rc && rc.getRule() != null) {
                    try {
                        converter.toString(newName, rc.getRule().getName());
                        return null;
                    } catch (RuntimeException e) {
                        return firstLine(e.getMessage());
                    }
                }
            }
            return null;
        });
    }

    /** The value converter's complaint inside a rename failure (Xtext's serializer reports it as text), or null. */
    private static String conversionProblem(RuntimeException e) {
        ValueConverterException vce = cause(e, ValueConverterException.class);
        if (vce != null) {
            return firstLine(vce.getMessage());
        }
        for (Throwable x = e; x != null; x = x.getCause() == x ? null : x.getCause()) {
            String m = x.getMessage();
            if (m != null && m.startsWith("Error while converting value")) {
                int i = m.indexOf("ValueConverterException: ");
                return firstLine(i >= 0 ? m.substring(i + "ValueConverterException: ".length()) : m);
            }
        }
        return null;
    }

    private static <E extends Throwable> E cause(Throwable t, Class<E> type) {
        for (Throwable x = t; x != null; x = x.getCause() == x ? null : x.getCause()) {
            if (type.isInstance(x)) {
                return type.cast(x);
            }
        }
        return null;
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }

    private static String abbreviate(String s) {
        return s == null ? "" : s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }

    /** Whether the language renames and a named element is at (or just before) the position, as Xtext looks it up. */
    private boolean renamable(TextDocumentIdentifier doc, Position pos) {
        URI uri = getURI(doc);
        IResourceServiceProvider services = getResourceServiceProvider(uri);
        if (services == null || services.get(org.eclipse.xtext.ide.server.rename.IRenameService2.class) == null) {
            return false;
        }
        EObjectAtOffsetHelper helper = services.get(EObjectAtOffsetHelper.class);
        return getWorkspaceManager().doRead(uri, (Document d, XtextResource r) -> {
            if (d == null || r == null || r.getParseResult() == null || helper == null) {
                return false;
            }
            int offset = d.getOffSet(pos);
            EObject e = helper.getElementWithNameAt(r, offset);
            if (e == null && offset > 0) {
                e = helper.getElementWithNameAt(r, offset - 1);
            }
            return e != null && !e.eIsProxy();
        });
    }

    // Notebooks are not offered in the capabilities; their notifications are ignored instead of throwing.
    @Override
    public void didOpen(DidOpenNotebookDocumentParams params) {
    }

    @Override
    public void didChange(DidChangeNotebookDocumentParams params) {
    }

    @Override
    public void didSave(DidSaveNotebookDocumentParams params) {
    }

    @Override
    public void didClose(DidCloseNotebookDocumentParams params) {
    }
}
