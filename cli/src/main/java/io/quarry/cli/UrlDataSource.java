package io.quarry.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** A {@link DataSource} over a JDBC URL, for the command line (a host brings its own pool). */
final class UrlDataSource implements DataSource {
    private final String url;
    private final Properties properties = new Properties();

    /** The same database opened for writing, or this one. */
    private final UrlDataSource writable;

    UrlDataSource(String url, String user, String password) {
        this(url, user, password, url);
    }

    /** A data source over {@code url}, with {@code writableUrl} the same database opened for writing. */
    UrlDataSource(String url, String user, String password, String writableUrl) {
        this.url = url;
        this.writable = writableUrl.equals(url) ? this : new UrlDataSource(writableUrl, user, password);
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
    }

    /** The JDBC URL. */
    String url() {
        return url;
    }

    /** The same database opened for writing: this one unless it was opened read-only. */
    UrlDataSource writable() {
        return writable;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return DriverManager.getConnection(url, properties);
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {
        DriverManager.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() {
        return DriverManager.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return false;
    }
}
