package tessera.dspace.services;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.naming.IQualifiedNameProvider;
import org.eclipse.xtext.naming.QualifiedName;

import tessera.dspace.exh.Choice;
import tessera.dspace.exh.EnumAlias;
import tessera.dspace.exh.EnumValue;
import tessera.dspace.exh.QuotientDef;
import tessera.dspace.exh.SetDef;

/**
 * Sets, quotients and choices (including a quotient's representative choice) are global by their simple name;
 * values are {@code choice.VALUE}; variables are local and never exported.
 */
public class ExhQualifiedNameProvider extends IQualifiedNameProvider.AbstractImpl {
    @Override
    public QualifiedName getFullyQualifiedName(EObject obj) {
        if (obj instanceof SetDef s && s.getName() != null) {
            return QualifiedName.create(s.getName());
        }
        if (obj instanceof QuotientDef s && s.getName() != null) {
            return QualifiedName.create(s.getName());
        }
        if (obj instanceof Choice c && c.getName() != null) {
            return QualifiedName.create(c.getName());
        }
        if (obj instanceof EnumValue v && v.getName() != null && v.eContainer() instanceof Choice c && c.getName() != null) {
            return QualifiedName.create(c.getName(), v.getName());
        }
        if (obj instanceof EnumAlias v && v.getName() != null && v.eContainer() instanceof Choice c && c.getName() != null) {
            return QualifiedName.create(c.getName(), v.getName());
        }
        return null;
    }
}
