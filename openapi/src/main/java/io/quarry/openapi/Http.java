package io.quarry.openapi;

import java.util.Set;

/** What HTTP allows in names and values, and the headers only the host and the client may set. */
final class Http {
    /** Headers a model may never set, even when the document declares them. */
    static final Set<String> RESERVED_HEADERS = Set.of(
            "authorization",
            "proxy-authorization",
            "cookie",
            "host",
            "content-length",
            "transfer-encoding",
            "connection",
            "upgrade",
            "expect",
            "te",
            "trailer",
            "keep-alive",
            "forwarded",
            "x-forwarded-for",
            "x-forwarded-host",
            "x-forwarded-proto",
            "x-http-method-override",
            "x-http-method",
            "x-method-override",
            "content-type",
            "accept-encoding",
            "origin",
            "referer");

    private Http() {}

    /** An RFC 9110 token: a header name. */
    static boolean isToken(String s) {
        if (s == null || s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** A header value with no control character (so no line break to smuggle a header). */
    static boolean isHeaderValue(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                return false;
            }
        }
        return true;
    }
}
