package hexforge.plugin;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON document {@code hexforge validate --format json} prints: objects as maps, arrays as lists, strings,
 * numbers as doubles, booleans and null. Anything else is an {@link IllegalArgumentException} naming the offset.
 */
final class Json {
  private final String text;
  private int at;

  private Json(String text) {
    this.text = text;
  }

  static Object parse(String text) {
    final Json j = new Json(text);
    final Object value = j.value();
    j.blanks();
    if (j.at != text.length()) throw j.error("text after the document");
    return value;
  }

  private Object value() {
    blanks();
    if (at >= text.length()) throw error("document ends early");
    final char c = text.charAt(at);
    if (c == '{') return object();
    if (c == '[') return array();
    if (c == '"') return string();
    if (text.startsWith("true", at)) return word("true", Boolean.TRUE);
    if (text.startsWith("false", at)) return word("false", Boolean.FALSE);
    if (text.startsWith("null", at)) return word("null", null);
    return number();
  }

  private Object word(String w, Object value) {
    at += w.length();
    return value;
  }

  private Map<String, Object> object() {
    final Map<String, Object> out = new LinkedHashMap<>();
    at++;
    blanks();
    if (take('}')) return out;
    do {
      blanks();
      if (at >= text.length() || text.charAt(at) != '"') throw error("a name in quotes expected");
      final String name = string();
      blanks();
      expect(':');
      out.put(name, value());
      blanks();
    } while (take(','));
    expect('}');
    return out;
  }

  private List<Object> array() {
    final List<Object> out = new ArrayList<>();
    at++;
    blanks();
    if (take(']')) return out;
    do {
      out.add(value());
      blanks();
    } while (take(','));
    expect(']');
    return out;
  }

  private String string() {
    at++;
    final StringBuilder s = new StringBuilder();
    while (true) {
      if (at >= text.length()) throw error("string not closed");
      final char c = text.charAt(at++);
      if (c == '"') return s.toString();
      if (c != '\\') {
        s.append(c);
        continue;
      }
      if (at >= text.length()) throw error("string not closed");
      final char e = text.charAt(at++);
      switch (e) {
      case 'b': s.append('\b'); break;
      case 'f': s.append('\f'); break;
      case 'n': s.append('\n'); break;
      case 'r': s.append('\r'); break;
      case 't': s.append('\t'); break;
      case 'u':
        if (at + 4 > text.length()) throw error("bad \\u escape");
        try {
          s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
        }
        catch (NumberFormatException x) {
          throw error("bad \\u escape");
        }
        at += 4;
        break;
      default: s.append(e);
      }
    }
  }

  private Double number() {
    final int begin = at;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
    try {
      return Double.valueOf(text.substring(begin, at));
    }
    catch (NumberFormatException x) {
      at = begin;
      throw error("a value expected");
    }
  }

  private void blanks() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
  }

  private boolean take(char c) {
    if (at < text.length() && text.charAt(at) == c) {
      at++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!take(c)) throw error("'" + c + "' expected");
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException(what + " at offset " + at);
  }
}
