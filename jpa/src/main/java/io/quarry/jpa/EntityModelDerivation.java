package io.quarry.jpa;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.schema.FieldType;
import io.quarry.schema.Names;
import io.quarry.sql.introspect.DerivationRules;
import io.quarry.sql.introspect.Introspection;
import jakarta.persistence.Column;
import jakarta.persistence.Lob;
import jakarta.persistence.metamodel.Attribute;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.ManagedType;
import jakarta.persistence.metamodel.Metamodel;
import jakarta.persistence.metamodel.PluralAttribute;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Member;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.hibernate.boot.model.naming.Identifier;
import org.hibernate.engine.jdbc.env.spi.IdentifierHelper;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.metamodel.MappingMetamodel;
import org.hibernate.metamodel.mapping.Association;
import org.hibernate.metamodel.mapping.AttributeMapping;
import org.hibernate.metamodel.mapping.BasicValuedModelPart;
import org.hibernate.metamodel.mapping.EmbeddableValuedModelPart;
import org.hibernate.metamodel.mapping.EntityDiscriminatorMapping;
import org.hibernate.metamodel.mapping.EntityMappingType;
import org.hibernate.metamodel.mapping.ForeignKeyDescriptor;
import org.hibernate.metamodel.mapping.PluralAttributeMapping;
import org.hibernate.metamodel.mapping.SelectableMapping;
import org.hibernate.metamodel.mapping.TableDetails;
import org.hibernate.persister.collection.AbstractCollectionPersister;
import org.hibernate.persister.collection.CollectionPersister;
import org.hibernate.persister.entity.EntityPersister;

/**
 * Walks the entity model once: which entities are types (a hierarchy's root, and each joined
 * subclass with its own table), their fields (basic attributes and embeddables' attributes, with the
 * columns Hibernate maps them to), and relationships from to-one foreign keys, one-to-many join
 * columns and join tables. What the table layout cannot express is left out with a warning.
 */
final class EntityModelDerivation {
    private final Metamodel metamodel;
    private final MappingMetamodel mapping;
    private final IdentifierHelper identifiers;
    private final JsonNodeFactory json = JsonNodeFactory.instance;
    private final List<String> warnings = new ArrayList<>();
    private final List<String> hidden = new ArrayList<>();
    private final List<Introspection.Link> links = new ArrayList<>();
    private final List<ObjectNode> edges = new ArrayList<>();
    private final List<String> scopeColumns;

    /** An entity that became a type, with what the tree needs. */
    private static final class TypeSpec {
        final EntityPersister persister;
        final Class<?> javaType;
        final String name;
        final String table;
        String id;
        String keyType = "text";
        String created;
        String updated;
        final Map<String, ObjectNode> fields = new LinkedHashMap<>();
        final Map<String, ObjectNode> columns = new LinkedHashMap<>();
        final Set<String> mappedColumns = new HashSet<>();
        final Set<String> keyColumns = new HashSet<>();
        final Set<String> collections = new HashSet<>();
        final List<ObjectNode> relationships = new ArrayList<>();
        final List<ObjectNode> foreignKeys = new ArrayList<>();

        TypeSpec(EntityPersister persister, Class<?> javaType, String name, String table) {
            this.persister = persister;
            this.javaType = javaType;
            this.name = name;
            this.table = table;
        }
    }

    EntityModelDerivation(Metamodel metamodel, SessionFactoryImplementor sessionFactory, List<String> scopeColumns) {
        this.metamodel = metamodel;
        this.scopeColumns = List.copyOf(scopeColumns);
        this.mapping = sessionFactory.getRuntimeMetamodels().getMappingMetamodel();
        this.identifiers = sessionFactory.getJdbcServices().getJdbcEnvironment().getIdentifierHelper();
    }

    Introspection derive() {
        List<EntityType<?>> entities = new ArrayList<>(metamodel.getEntities());
        entities.sort(Comparator.comparing(EntityType::getName));
        Map<EntityPersister, EntityType<?>> byPersister = new LinkedHashMap<>();
        for (EntityType<?> entity : entities) {
            byPersister.put(mapping.getEntityDescriptor(entity.getJavaType()), entity);
        }
        Map<EntityPersister, TypeSpec> types = new LinkedHashMap<>();
        for (Map.Entry<EntityPersister, EntityType<?>> e : byPersister.entrySet()) {
            TypeSpec spec = type(e.getKey(), e.getValue());
            if (spec != null) {
                types.put(e.getKey(), spec);
            }
        }
        if (!scopeColumns.isEmpty()) {
            scoped(types, byPersister.keySet());
        }
        for (TypeSpec spec : types.values()) {
            for (EntityPersister contributor : contributors(spec, byPersister.keySet())) {
                ManagedType<?> entity = byPersister.get(contributor);
                contributor.forEachAttributeMapping(a -> attribute(spec, entity, a, types));
            }
            discriminator(spec, byPersister);
        }
        for (TypeSpec spec : types.values()) {
            superType(spec, types);
        }
        Map<String, String> modules = modules(types.values());
        return Introspection.of(tree(types.values(), modules), hidden, warnings, modules, links);
    }

    /**
     * Leaves out the types whose table lacks a scope column, before any relationship is derived (so none
     * points to them): a scoped call must never read a table it cannot scope.
     */
    private void scoped(Map<EntityPersister, TypeSpec> types, Set<EntityPersister> all) {
        for (Map.Entry<EntityPersister, TypeSpec> e : List.copyOf(types.entrySet())) {
            TypeSpec spec = e.getValue();
            Set<String> columns = new HashSet<>();
            for (EntityPersister contributor : contributors(spec, all)) {
                contributor.forEachAttributeMapping(a -> a.forEachSelectable((i, s) -> {
                    if (physical(s.getContainingTableExpression()).equals(spec.table)) {
                        columns.add(physical(s.getSelectionExpression()));
                    }
                }));
            }
            List<String> missing =
                    scopeColumns.stream().filter(c -> !columns.contains(c)).toList();
            if (!missing.isEmpty()) {
                types.remove(e.getKey());
                warnings.add(spec.table + ": no scope column " + missing
                        + "; left out, since every scoped call must be scoped by it");
            }
        }
    }

    /** The entity's type, or {@code null} when it shares its table with its superclass (single table). */
    private TypeSpec type(EntityPersister persister, EntityType<?> entity) {
        String table = physical(persister.getMappedTableDetails().getTableName());
        EntityMappingType parent = persister.getSuperMappingType();
        if (parent != null
                && physical(parent.getMappedTableDetails().getTableName()).equals(table)) {
            return null; // single-table inheritance: its rows and columns are the root type's
        }
        String name = entity.getName();
        if (!Names.isIdentifier(name) || !Names.isIdentifier(table)) {
            warnings.add(name + ": the entity or table name '" + table + "' is not a valid Quarry name ("
                    + Names.IDENTIFIER.pattern() + "); skipped");
            return null;
        }
        TableDetails.KeyDetails key = persister.getMappedTableDetails().getKeyDetails();
        if (key.getColumnCount() != 1) {
            warnings.add(name + ": composite key of " + key.getColumnCount()
                    + " columns; the table layout takes one id column, so the entity is skipped");
            return null;
        }
        TypeSpec spec = new TypeSpec(persister, entity.getJavaType(), name, table);
        spec.id = physical(key.getKeyColumn(0).getColumnName());
        spec.keyType = keyType(entity);
        spec.mappedColumns.add(spec.id);
        return spec;
    }

    /** The type's entity and the entities of its single-table subclasses, whose columns live in its table. */
    private List<EntityPersister> contributors(TypeSpec spec, Set<EntityPersister> all) {
        List<EntityPersister> out = new ArrayList<>();
        out.add(spec.persister);
        for (EntityPersister p : all) {
            if (p != spec.persister
                    && descends(p, spec.persister)
                    && physical(p.getMappedTableDetails().getTableName()).equals(spec.table)) {
                out.add(p);
            }
        }
        return out;
    }

    private static boolean descends(EntityMappingType p, EntityMappingType ancestor) {
        for (EntityMappingType s = p.getSuperMappingType(); s != null; s = s.getSuperMappingType()) {
            if (s == ancestor) {
                return true;
            }
        }
        return false;
    }

    private void attribute(
            TypeSpec spec, ManagedType<?> entity, AttributeMapping a, Map<EntityPersister, TypeSpec> types) {
        String at = spec.name + "." + a.getAttributeName();
        if (a instanceof PluralAttributeMapping plural) {
            if (owned(spec, a) && spec.collections.add(a.getAttributeName())) {
                collection(spec, entity, plural, types, at);
            }
        } else if (a instanceof Association association) {
            if (association.getSideNature() == ForeignKeyDescriptor.Nature.KEY && inTable(spec, a)) {
                toOne(spec, entity, a, association.getForeignKeyDescriptor(), types, at);
            }
        } else if (a instanceof EmbeddableValuedModelPart embedded) {
            if (inTable(spec, a)) {
                embedded.getEmbeddableTypeDescriptor()
                        .forEachAttributeMapping(
                                part -> basic(spec, part, DerivationRules.snakeCase(a.getAttributeName()) + "_", at));
            }
        } else if (inTable(spec, a)) {
            basic(spec, a, "", at);
        }
    }

    /** Whether the attribute is declared by the type's entity or by one of its single-table subclasses. */
    private static boolean owned(TypeSpec spec, AttributeMapping a) {
        EntityMappingType declaring = a.findContainingEntityMapping();
        return declaring == null || declaring == spec.persister || descends(declaring, spec.persister);
    }

    /** Whether the attribute's columns are in the type's table (a joined subclass's inherited ones are not). */
    private boolean inTable(TypeSpec spec, AttributeMapping a) {
        boolean[] in = {false};
        a.forEachSelectable(
                (i, s) -> in[0] |= physical(s.getContainingTableExpression()).equals(spec.table));
        return in[0];
    }

    private void basic(TypeSpec spec, AttributeMapping a, String prefix, String at) {
        if (!(a instanceof BasicValuedModelPart part)) {
            warnings.add(at + "." + a.getAttributeName() + ": neither a basic attribute nor an embeddable of basic"
                    + " attributes; skipped");
            return;
        }
        String name = prefix + DerivationRules.snakeCase(a.getAttributeName());
        String where = prefix.isEmpty() ? at : at + "." + a.getAttributeName();
        if (part.isFormula()) {
            warnings.add(where + ": a formula, not a column; skipped");
            return;
        }
        String column = physical(part.getSelectionExpression());
        if (!spec.mappedColumns.add(column)) {
            return; // read already, by the id or by another attribute of the hierarchy
        }
        Class<?> javaType = part.getJavaType().getJavaTypeClass();
        boolean numeric = part.getJdbcMapping().getJdbcType().isNumber();
        FieldType type = fieldType(javaType, numeric, length(a, part));
        if (type == null) {
            warnings.add(where + ": Java type " + javaType.getName() + " has no Quarry field type; skipped");
            return;
        }
        ObjectNode field = json.objectNode();
        field.put("type", type.jsonName());
        if (javaType.isEnum()) {
            if (numeric) {
                field.put(
                        "description", "The ordinal of " + javaType.getSimpleName() + ": " + ordinals(javaType) + ".");
            } else {
                ArrayNode values = field.putArray("values");
                Arrays.stream(javaType.getEnumConstants())
                        .map(c -> ((Enum<?>) c).name())
                        .forEach(values::add);
            }
        }
        add(spec, name, column, type, field, where);
    }

    private void add(TypeSpec spec, String name, String column, FieldType type, ObjectNode field, String where) {
        if (scopeColumns.contains(column)) {
            return; // the scope, not a field
        }
        if (!Names.isIdentifier(column)) {
            warnings.add(where + ": the column name '" + column + "' is not a valid Quarry name; skipped");
            return;
        }
        String role = type.isTemporal() ? DerivationRules.timestampRole(name) : null;
        if ("created_at".equals(role) && spec.created == null) {
            spec.created = column;
            return;
        }
        if ("updated_at".equals(role) && spec.updated == null) {
            spec.updated = column;
            return;
        }
        if (!Names.isIdentifier(name) || Names.isSystemField(name) || spec.fields.containsKey(name)) {
            warnings.add(
                    where + ": the field name '" + name + "' is not valid, is a system field or is taken; skipped");
            return;
        }
        if (DerivationRules.looksSecret(name)) {
            field.put("exposed", false);
            hidden.add(spec.name + "." + name + " (" + spec.table + "." + column + ")");
            spec.fields.put(name, field);
            return; // a hidden column is never read: it stays out of the store's fields
        }
        spec.fields.put(name, field);
        // the layout's entry types the field (a bare column is a string); the types entry only adds to it
        if (type == FieldType.STRING) {
            spec.columns.put(name, json.objectNode().put("column", column));
        } else {
            spec.columns.put(name, json.objectNode().put("column", column).put("type", type.jsonName()));
        }
    }

    /**
     * The length of a string column: the mapping's, else {@code @Column(length)} (255 by default); a
     * large object or a {@code columnDefinition} counts as unbounded.
     */
    private static Long length(AttributeMapping a, BasicValuedModelPart part) {
        int code = part.getJdbcMapping().getJdbcType().getDefaultSqlTypeCode();
        if (code == Types.CLOB || code == Types.NCLOB || code == Types.LONGVARCHAR || code == Types.LONGNVARCHAR) {
            return null;
        }
        if (part.getLength() != null) {
            return part.getLength();
        }
        Member member = a.getPropertyAccess().getGetter().getMember();
        if (!(member instanceof AnnotatedElement element) || element.isAnnotationPresent(Lob.class)) {
            return null;
        }
        Column column = element.getAnnotation(Column.class);
        if (column == null) {
            return 255L;
        }
        return column.columnDefinition().isEmpty() ? (long) column.length() : null;
    }

    /** The table layout's key type of an entity's id: integer, number, uuid or text. */
    private static String keyType(EntityType<?> entity) {
        jakarta.persistence.metamodel.Type<?> id = entity.hasSingleIdAttribute() ? entity.getIdType() : null;
        Class<?> type = id == null ? String.class : id.getJavaType();
        if (type == UUID.class) {
            return "uuid";
        }
        FieldType field = fieldType(type, false, null);
        return field == FieldType.INTEGER ? "integer" : field == FieldType.NUMBER ? "number" : "text";
    }

    /** The field type of an attribute's Java type, or {@code null} when Quarry cannot read it. */
    static FieldType fieldType(Class<?> type, boolean numericColumn, Long length) {
        if (type.isEnum()) {
            return numericColumn ? FieldType.INTEGER : FieldType.ENUM;
        }
        if (type == Integer.class
                || type == int.class
                || type == Long.class
                || type == long.class
                || type == Short.class
                || type == short.class
                || type == Byte.class
                || type == byte.class
                || type == BigInteger.class) {
            return FieldType.INTEGER;
        }
        if (type == BigDecimal.class
                || type == Double.class
                || type == double.class
                || type == Float.class
                || type == float.class) {
            return FieldType.NUMBER;
        }
        if (type == Boolean.class || type == boolean.class) {
            return FieldType.BOOLEAN;
        }
        if (type == LocalDate.class || type == java.sql.Date.class) {
            return FieldType.DATE;
        }
        if (type == Instant.class
                || type == LocalDateTime.class
                || type == OffsetDateTime.class
                || type == ZonedDateTime.class
                || type == java.sql.Timestamp.class
                || type == java.util.Date.class) {
            return FieldType.DATETIME;
        }
        if (type == String.class) {
            return length != null && length > 0 && length <= 255 ? FieldType.STRING : FieldType.TEXT;
        }
        if (type == Character.class || type == char.class || type == UUID.class) {
            return FieldType.STRING;
        }
        return null;
    }

    private static String ordinals(Class<?> enumType) {
        List<String> out = new ArrayList<>();
        Object[] constants = enumType.getEnumConstants();
        for (int i = 0; i < constants.length; i++) {
            out.add(i + " = " + ((Enum<?>) constants[i]).name());
        }
        return String.join(", ", out);
    }

    /** A single-table hierarchy's discriminator column: an enum field naming the entities. */
    private void discriminator(TypeSpec spec, Map<EntityPersister, EntityType<?>> entities) {
        EntityDiscriminatorMapping d = spec.persister.getDiscriminatorMapping();
        if (d == null || d.isFormula()) {
            return;
        }
        String column = physical(d.getSelectionExpression());
        if (!physical(d.getContainingTableExpression()).equals(spec.table) || !spec.mappedColumns.add(column)) {
            return;
        }
        ObjectNode field = json.objectNode();
        field.put("type", FieldType.ENUM.jsonName());
        StringBuilder description = new StringBuilder("Which entity the row is:");
        ArrayNode values = field.putArray("values");
        for (EntityPersister p : contributors(spec, entities.keySet())) {
            String value = p.getDiscriminatorSQLValue();
            if (Modifier.isAbstract(p.getMappedClass().getModifiers()) || value == null || !value.startsWith("'")) {
                continue; // an abstract entity has no rows; a numeric discriminator is not an enum
            }
            value = value.substring(1, value.length() - 1).replace("''", "'");
            values.add(value);
            description
                    .append(' ')
                    .append(value)
                    .append(" = ")
                    .append(entities.get(p).getName())
                    .append(',');
        }
        if (values.isEmpty()) {
            return;
        }
        description.setCharAt(description.length() - 1, '.');
        field.put("description", description.toString());
        add(spec, DerivationRules.snakeCase(column), column, FieldType.ENUM, field, spec.name + "." + column);
    }

    /** A to-one association on the side holding the foreign key: {@code @ManyToOne}, or an owning {@code @OneToOne}. */
    private void toOne(
            TypeSpec spec,
            ManagedType<?> entity,
            AttributeMapping a,
            ForeignKeyDescriptor fk,
            Map<EntityPersister, TypeSpec> types,
            String at) {
        List<SelectableMapping> key = selectables(fk.getKeyPart());
        if (key.size() != 1) {
            warnings.add(at + ": a composite foreign key; the table layout takes one column per foreign key, so it is"
                    + " skipped");
            return;
        }
        TypeSpec target = byTable(physical(fk.getTargetTable()), types);
        if (target == null || !physical(key(fk.getTargetPart())).equals(target.id)) {
            warnings.add(at + ": the target is not a type or the key is not its id; no relationship");
            return;
        }
        String column = physical(key.get(0).getSelectionExpression());
        if (!spec.keyColumns.add(column)) {
            return; // an attribute every single-table subclass inherits, seen once
        }
        String name = DerivationRules.snakeCase(a.getAttributeName());
        boolean one = kind(entity, a.getAttributeName()) == Attribute.PersistentAttributeType.ONE_TO_ONE;
        if (spec.mappedColumns.add(column)) {
            Class<?> keyType = fk.getKeyPart().getJavaType().getJavaTypeClass();
            FieldType type = fieldType(keyType, false, null);
            if (type != null) {
                add(spec, name + "_id", column, type, json.objectNode().put("type", type.jsonName()), at);
            }
        }
        String outKind = one ? "BELONGS_TO_ONE" : "BELONGS_TO";
        String inKind = one ? "HAS_ONE" : "HAS_MANY";
        foreignKey(
                spec,
                column,
                target,
                name,
                outKind + ": the " + target.name + " named by this " + spec.name + "'s " + name + ".",
                inKind + ": the " + spec.name + (one ? "" : " objects") + " whose " + name + " is this " + target.name
                        + ".");
    }

    /** A foreign key of the holder's table to the target's key; each description starts with its kind. */
    private void foreignKey(TypeSpec holder, String column, TypeSpec target, String name, String out, String in) {
        if (!Names.isIdentifier(name) || !Names.isIdentifier(column)) {
            warnings.add(holder.name + "." + name + ": the relationship or column name is not a valid Quarry name;"
                    + " skipped");
            return;
        }
        ObjectNode key = json.objectNode();
        key.put("column", column);
        key.put("target", target.name);
        key.put("relationship", name);
        holder.foreignKeys.add(key);
        relate(holder, name, target, "out", out.substring(0, out.indexOf(':')), out);
        relate(target, name, holder, "in", in.substring(0, in.indexOf(':')), in);
    }

    /** A collection on its owning side: a join table (many-to-many, or one-to-many without mappedBy) or a join column. */
    private void collection(
            TypeSpec spec,
            ManagedType<?> entity,
            PluralAttributeMapping plural,
            Map<EntityPersister, TypeSpec> types,
            String at) {
        CollectionPersister collection = plural.getCollectionDescriptor();
        if (collection.isInverse()) {
            return; // mappedBy: the owning side declares the relationship
        }
        Attribute<?, ?> attribute = entity.getAttribute(plural.getAttributeName());
        if (!(attribute instanceof PluralAttribute<?, ?, ?> pa)
                || !(collection instanceof AbstractCollectionPersister persister)
                || pa.getElementType().getPersistenceType()
                        != jakarta.persistence.metamodel.Type.PersistenceType.ENTITY) {
            warnings.add(at + ": a collection of values, not of entities; skipped (map it as an entity to serve it)");
            return;
        }
        TypeSpec element = byClass(pa.getElementType().getJavaType(), types);
        String[] keyColumns = persister.getKeyColumnNames();
        String name = DerivationRules.snakeCase(plural.getAttributeName());
        if (element == null || keyColumns.length != 1) {
            warnings.add(at + ": the element is not a type or the key is composite; no relationship");
            return;
        }
        boolean many = attribute.getPersistentAttributeType() == Attribute.PersistentAttributeType.MANY_TO_MANY;
        if (collection.isOneToMany()) {
            // a unidirectional @OneToMany with @JoinColumn: the key column is in the element's table
            foreignKey(
                    element,
                    physical(keyColumns[0]),
                    spec,
                    name,
                    "BELONGS_TO: the " + spec.name + " whose " + name + " include this " + element.name + ".",
                    "HAS_MANY: this " + spec.name + "'s " + name + ".");
            return;
        }
        String[] elementColumns = persister.getElementColumnNames();
        String table = physical(persister.getTableName());
        if (elementColumns.length != 1 || !Names.isIdentifier(table)) {
            warnings.add(at + ": join table " + table + " has a composite key or an invalid name; skipped");
            return;
        }
        String outKind = many ? "HAS_MANY_MANY" : "HAS_MANY";
        String inKind = many ? "BELONGS_TO_MANY" : "BELONGS_TO";
        relate(
                spec,
                name,
                element,
                "out",
                outKind,
                outKind + ": the " + element.name + " objects linked to this " + spec.name + " through " + table + ".");
        relate(
                element,
                name,
                spec,
                "in",
                inKind,
                inKind + ": the " + spec.name + (many ? " objects" : "") + " this " + element.name
                        + " is linked to through " + table + ".");
        ObjectNode edge = json.objectNode();
        edge.put("table", table);
        edge.put("src", physical(keyColumns[0]));
        edge.put("dst", physical(elementColumns[0]));
        edge.put("type", name);
        edge.put("src_type", spec.name);
        edge.put("dst_type", element.name);
        edges.add(edge);
    }

    /** A joined subclass's row extends its superclass's: its key is a foreign key to the parent type. */
    private void superType(TypeSpec spec, Map<EntityPersister, TypeSpec> types) {
        for (EntityMappingType s = spec.persister.getSuperMappingType(); s != null; s = s.getSuperMappingType()) {
            TypeSpec parent = types.get(s.getEntityPersister());
            if (parent != null) {
                foreignKey(
                        spec,
                        spec.id,
                        parent,
                        DerivationRules.snakeCase(parent.name),
                        "BELONGS_TO_ONE: the " + parent.name + " this " + spec.name
                                + " is (joined inheritance: the inherited fields are there).",
                        "HAS_ONE: the " + spec.name + " this " + parent.name + " is, if it is one.");
                return;
            }
        }
    }

    private void relate(TypeSpec from, String name, TypeSpec to, String direction, String kind, String description) {
        ObjectNode r = json.objectNode();
        r.put("name", name);
        r.put("target", to.name);
        r.put("direction", direction);
        r.put("kind", kind);
        r.put("description", description);
        from.relationships.add(r);
        links.add(new Introspection.Link(from.name, name, to.name, direction, kind));
    }

    private static Attribute.PersistentAttributeType kind(ManagedType<?> entity, String attribute) {
        return entity.getAttribute(attribute).getPersistentAttributeType();
    }

    private static List<SelectableMapping> selectables(org.hibernate.metamodel.mapping.ModelPart part) {
        List<SelectableMapping> out = new ArrayList<>();
        part.forEachSelectable((i, s) -> out.add(s));
        return out;
    }

    private static String key(org.hibernate.metamodel.mapping.ModelPart part) {
        List<SelectableMapping> s = selectables(part);
        return s.size() == 1 ? s.get(0).getSelectionExpression() : "";
    }

    private static TypeSpec byTable(String table, Map<EntityPersister, TypeSpec> types) {
        return types.values().stream()
                .filter(t -> t.table.equals(table))
                .findFirst()
                .orElse(null);
    }

    /** The type serving an entity class: its own, or its single-table root's. */
    private TypeSpec byClass(Class<?> type, Map<EntityPersister, TypeSpec> types) {
        for (EntityMappingType p = mapping.getEntityDescriptor(type); p != null; p = p.getSuperMappingType()) {
            TypeSpec spec = types.get(p.getEntityPersister());
            if (spec != null) {
                return spec;
            }
        }
        return null;
    }

    /**
     * A table or column name as the database's catalog spells it: unqualified, unquoted, and for an
     * unquoted name in the case the database folds it to ({@code orders} is {@code ORDERS} on H2).
     */
    private String physical(String name) {
        int start = 0;
        char quote = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '`') {
                quote = c;
            } else if (c == '.') {
                start = i + 1; // schema or catalog qualified: the table layout names tables unqualified
            }
        }
        String last = name.substring(start);
        String folded = identifiers.toMetaDataObjectName(Identifier.toIdentifier(last));
        return folded == null ? last : folded;
    }

    /**
     * The module of each type: the first package segment below the package all entities share, when
     * the entities span several packages ({@code com.acme.sales.Order}, {@code com.acme.crm.Customer}
     * → {@code sales}, {@code crm}).
     */
    private static Map<String, String> modules(Iterable<TypeSpec> types) {
        Map<String, String> packages = new HashMap<>();
        for (TypeSpec t : types) {
            packages.put(t.name, t.javaType.getPackageName());
        }
        Map<String, String> modules = new TreeMap<>();
        if (new HashSet<>(packages.values()).size() < 2) {
            return modules;
        }
        String[] common = null;
        for (String p : packages.values()) {
            String[] segments = p.isEmpty() ? new String[0] : p.split("\\.");
            if (common == null) {
                common = segments;
            } else {
                int n = 0;
                while (n < common.length && n < segments.length && common[n].equals(segments[n])) {
                    n++;
                }
                common = Arrays.copyOf(common, n);
            }
        }
        int depth = common == null ? 0 : common.length;
        packages.forEach((type, p) -> {
            String[] segments = p.isEmpty() ? new String[0] : p.split("\\.");
            if (segments.length > depth) {
                modules.put(type, segments[depth]);
            }
        });
        return modules;
    }

    private ObjectNode tree(Iterable<TypeSpec> specs, Map<String, String> modules) {
        ObjectNode root = json.objectNode();
        ObjectNode types = root.putObject("types");
        ObjectNode store = root.putObject("store");
        store.put("layout", "tables");
        ObjectNode tables = store.putObject("tables");
        ObjectNode storeTypes = tables.putObject("types");
        for (TypeSpec spec : specs) {
            ObjectNode type = types.putObject(spec.name);
            if (modules.containsKey(spec.name)) {
                type.put("module", modules.get(spec.name));
            }
            // each field is written once: its type in the table layout, here only a description, values or
            // exposed: false (a hidden field keeps its type here: the layout never reads it)
            ObjectNode fields = json.objectNode();
            spec.fields.forEach((name, f) -> {
                ObjectNode rest = f.deepCopy();
                if (!f.has("exposed")) {
                    rest.remove("type");
                }
                if (!rest.isEmpty()) {
                    fields.set(name, rest);
                }
            });
            if (!fields.isEmpty()) {
                type.set("fields", fields);
            }
            if (!spec.relationships.isEmpty()) {
                ArrayNode relationships = type.putArray("relationships");
                spec.relationships.forEach(relationships::add);
            }
            ObjectNode table = storeTypes.putObject(spec.name);
            table.put("table", spec.table);
            if (spec.keyType.equals("text")) {
                table.put("id", spec.id);
            } else {
                ObjectNode id = table.putObject("id");
                id.put("column", spec.id);
                id.put("type", spec.keyType);
            }
            if (!scopeColumns.isEmpty()) {
                ArrayNode scope = table.putArray("scope");
                scopeColumns.forEach(scope::add);
            }
            if (spec.created != null) {
                table.put("created_at", spec.created);
            }
            if (spec.updated != null) {
                table.put("updated_at", spec.updated);
            }
            ObjectNode columns = table.putObject("fields");
            spec.columns.forEach((name, c) -> columns.set(name, c.size() == 1 ? c.get("column") : c));
            if (!spec.foreignKeys.isEmpty()) {
                ArrayNode keys = table.putArray("foreign_keys");
                spec.foreignKeys.forEach(keys::add);
            }
        }
        if (!edges.isEmpty()) {
            ArrayNode list = tables.putArray("edges");
            edges.forEach(list::add);
        }
        return root;
    }
}
