package io.quarry.sql;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;

/**
 * A prepared statement that tells a {@link StatementObserver} when it runs and when it ends: from its
 * first {@code execute…} to its {@code close} (its rows read), or to the failure of an {@code
 * execute…}. A batch of a load is one run: from its first {@code executeBatch} to its close.
 */
final class ObservedStatement implements InvocationHandler {
    private final PreparedStatement statement;
    private final StatementObserver observer;
    private final String dialect;
    private final String operation;
    private final String sql;
    private StatementObserver.Run run;

    private ObservedStatement(
            PreparedStatement statement, StatementObserver observer, String dialect, String operation, String sql) {
        this.statement = statement;
        this.observer = observer;
        this.dialect = dialect;
        this.operation = operation;
        this.sql = sql;
    }

    static PreparedStatement wrap(
            PreparedStatement statement, StatementObserver observer, String dialect, String operation, String sql) {
        return (PreparedStatement) Proxy.newProxyInstance(
                PreparedStatement.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class},
                new ObservedStatement(statement, observer, dialect, operation, sql));
    }

    /**
     * A plain statement (the layout's DDL) whose every {@code execute…(sql)} is one run, started just
     * before and ended just after it: DDL returns no rows to read.
     */
    static Statement wrap(Statement statement, StatementObserver observer, String dialect, String operation) {
        return (Statement) Proxy.newProxyInstance(
                Statement.class.getClassLoader(), new Class<?>[] {Statement.class}, (proxy, method, args) -> {
                    if (method.getName().startsWith("execute")
                            && args != null
                            && args.length > 0
                            && args[0] instanceof String text) {
                        StatementObserver.Run run = observer.started(dialect, operation, text);
                        Object result;
                        try {
                            result = method.invoke(statement, args);
                        } catch (InvocationTargetException e) {
                            run.ended(e.getCause());
                            throw e.getCause();
                        }
                        run.ended(null);
                        return result;
                    }
                    try {
                        return method.invoke(statement, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /**
     * A connection whose statements are observed (a load's): {@code prepareStatement(sql, …)} gives an
     * observed prepared statement of that text, {@code createStatement(…)} an observed plain one; a
     * statement the database refuses to prepare is started and ended at once with the failure.
     */
    static Connection wrap(Connection connection, StatementObserver observer, String dialect, String operation) {
        return (Connection) Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    String name = method.getName();
                    Object result;
                    try {
                        result = method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        if (name.equals("prepareStatement") && args != null && args[0] instanceof String text) {
                            observer.started(dialect, operation, text).ended(e.getCause());
                        }
                        throw e.getCause();
                    }
                    if (result instanceof PreparedStatement ps
                            && name.equals("prepareStatement")
                            && args[0] instanceof String text) {
                        return wrap(ps, observer, dialect, operation, text);
                    }
                    if (result instanceof Statement st && name.equals("createStatement")) {
                        return wrap(st, observer, dialect, operation);
                    }
                    return result;
                });
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        if (name.startsWith("execute") && run == null) {
            run = observer.started(dialect, operation, sql);
            try {
                return method.invoke(statement, args);
            } catch (InvocationTargetException e) {
                end(e.getCause());
                throw e.getCause();
            }
        }
        try {
            return method.invoke(statement, args);
        } catch (InvocationTargetException e) {
            end(e.getCause());
            throw e.getCause();
        } finally {
            if (name.equals("close") && (args == null || args.length == 0)) {
                end(null);
            }
        }
    }

    private void end(Throwable failure) {
        StatementObserver.Run ending = run;
        run = null;
        if (ending != null) {
            ending.ended(failure);
        }
    }
}
