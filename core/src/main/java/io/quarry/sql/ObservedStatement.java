package io.quarry.sql;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;

/**
 * A prepared statement that tells a {@link StatementObserver} when it runs and when it ends: from its
 * first {@code execute…} to its {@code close} (its rows read), or to the failure of an {@code
 * execute…}.
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
