package tessera.diagram;

/** A {@link DiagramProvider} for the files whose name ends with one extension (".pla", ".exh", …). */
public abstract class ExtensionDiagramProvider implements DiagramProvider {
    private final String extension;

    /** @param extension the name ending of the accepted files, dot included */
    protected ExtensionDiagramProvider(String extension) {
        this.extension = extension;
    }

    @Override
    public boolean accepts(String fileName) {
        return fileName.endsWith(extension);
    }
}
