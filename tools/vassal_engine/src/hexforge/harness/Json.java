package hexforge.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON the Python side and the harness exchange: a request file in, a result file out. Objects are
 * {@code LinkedHashMap<String, Object>}, arrays {@code List<Object>}, numbers {@code Double} (read) or any
 * {@code Number} (written), plus String, Boolean and null.
 */
final class Json {
  private final String text;
  private int pos;

  private Json(String text) {
    this.text = text;
  }

  static Object parse(String text) {
    final Json j = new Json(text);
    final Object v = j.value();
    j.space();
    if (j.pos != text.length()) throw j.error("trailing text");
    return v;
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("request JSON: " + what + " at character " + pos);
  }

  private void space() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
  }

  private Object value() {
    space();
    if (pos >= text.length()) throw error("unexpected end");
    final char c = text.charAt(pos);
    switch (c) {
    case '{':
      return object();
    case '[':
      return array();
    case '"':
      return string();
    default:
      if (text.startsWith("true", pos)) {
        pos += 4;
        return Boolean.TRUE;
      }
      if (text.startsWith("false", pos)) {
        pos += 5;
        return Boolean.FALSE;
      }
      if (text.startsWith("null", pos)) {
        pos += 4;
        return null;
      }
      return number();
    }
  }

  private Map<String, Object> object() {
    final Map<String, Object> m = new LinkedHashMap<>();
    pos++;
    space();
    if (text.charAt(pos) == '}') {
      pos++;
      return m;
    }
    while (true) {
      space();
      final String key = string();
      space();
      if (text.charAt(pos++) != ':') throw error("expected ':'");
      m.put(key, value());
      space();
      final char c = text.charAt(pos++);
      if (c == '}') return m;
      if (c != ',') throw error("expected ',' or '}'");
    }
  }

  private List<Object> array() {
    final List<Object> l = new ArrayList<>();
    pos++;
    space();
    if (text.charAt(pos) == ']') {
      pos++;
      return l;
    }
    while (true) {
      l.add(value());
      space();
      final char c = text.charAt(pos++);
      if (c == ']') return l;
      if (c != ',') throw error("expected ',' or ']'");
    }
  }

  private String string() {
    if (text.charAt(pos) != '"') throw error("expected a string");
    pos++;
    final StringBuilder sb = new StringBuilder();
    while (true) {
      final char c = text.charAt(pos++);
      if (c == '"') return sb.toString();
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      final char e = text.charAt(pos++);
      switch (e) {
      case 'n': sb.append('\n'); break;
      case 't': sb.append('\t'); break;
      case 'r': sb.append('\r'); break;
      case 'b': sb.append('\b'); break;
      case 'f': sb.append('\f'); break;
      case 'u':
        sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
        pos += 4;
        break;
      default: sb.append(e);
      }
    }
  }

  private Double number() {
    final int start = pos;
    while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) pos++;
    if (start == pos) throw error("unexpected character");
    return Double.valueOf(text.substring(start, pos));
  }

  /** A parsed value that must be a JSON object. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object v) {
    if (!(v instanceof Map)) throw new IllegalArgumentException("request JSON: expected an object");
    return (Map<String, Object>) v;
  }

  static String write(Object v) {
    final StringBuilder sb = new StringBuilder();
    write(v, sb);
    return sb.toString();
  }

  private static void write(Object v, StringBuilder sb) {
    if (v == null) {
      sb.append("null");
    }
    else if (v instanceof Boolean) {
      sb.append(v);
    }
    else if (v instanceof Double || v instanceof Float) {
      final double d = ((Number) v).doubleValue();
      if (d == Math.rint(d) && Math.abs(d) < 1e15) sb.append((long) d);
      else sb.append(d);
    }
    else if (v instanceof Number) {
      sb.append(v);
    }
    else if (v instanceof Map) {
      sb.append('{');
      boolean first = true;
      for (final Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        if (!first) sb.append(',');
        first = false;
        writeString(String.valueOf(e.getKey()), sb);
        sb.append(':');
        write(e.getValue(), sb);
      }
      sb.append('}');
    }
    else if (v instanceof Iterable) {
      sb.append('[');
      boolean first = true;
      for (final Object o : (Iterable<?>) v) {
        if (!first) sb.append(',');
        first = false;
        write(o, sb);
      }
      sb.append(']');
    }
    else {
      writeString(String.valueOf(v), sb);
    }
  }

  private static void writeString(String s, StringBuilder sb) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      final char c = s.charAt(i);
      if (c == '"' || c == '\\') sb.append('\\').append(c);
      else if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) sb.append(String.format("\\u%04x", (int) c));
      else sb.append(c);
    }
    sb.append('"');
  }
}
