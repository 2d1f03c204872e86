package hexforge.harness;

import java.awt.Component;
import java.awt.Container;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.awt.event.MouseEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.swing.JList;

/**
 * What a person at the screen does with a window's list and sees of a map: a double-click on a row of a list, the
 * list's rows, and the part of a map its view shows (the window shown and screenshots: {@link Look}).
 */
final class Screen {
  private Screen() { }

  /** Click ({@code count} = 2: double-click) a row of the first list in a window. */
  static String clickList(Window w, int row, int count) {
    final JList<?> list = firstList(w);
    final String title = Look.title(w);
    if (list == null) throw new Engine.ActionError("window '" + title + "' has no list");
    final int size = list.getModel().getSize();
    if (row < 0 || row >= size) {
      throw new Engine.ActionError("window '" + title + "' lists " + size + " rows, not row " + row);
    }
    final Rectangle cell = list.getCellBounds(row, row);
    final Point p = new Point(cell.x + 5, cell.y + cell.height / 2);
    final long now = System.currentTimeMillis();
    for (int n = 1; n <= count; n++) {
      for (final int id : new int[] {MouseEvent.MOUSE_PRESSED, MouseEvent.MOUSE_RELEASED, MouseEvent.MOUSE_CLICKED}) {
        list.dispatchEvent(new MouseEvent(list, id, now, 0, p.x, p.y, n, false, MouseEvent.BUTTON1));
      }
    }
    return String.valueOf(list.getModel().getElementAt(row));
  }

  /** The rows of the first list in a window, as the list holds them. */
  static List<String> rows(Window w) {
    final JList<?> list = firstList(w);
    final List<String> out = new ArrayList<>();
    for (int i = 0; list != null && i < list.getModel().getSize(); i++) {
      out.add(String.valueOf(list.getModel().getElementAt(i)));
    }
    return out;
  }

  /** The part of a map its view shows, in map coordinates, and the location name at its centre. */
  static Map<String, Object> mapView(VASSAL.build.module.Map map) {
    final Rectangle r = map.getView().getVisibleRect();
    final Point a = map.componentToMap(new Point(r.x, r.y));
    final Point b = map.componentToMap(new Point(r.x + r.width, r.y + r.height));
    final Point centre = new Point((a.x + b.x) / 2, (a.y + b.y) / 2);
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("map", map.getMapName());
    out.put("visible", List.of(a.x, a.y, b.x - a.x, b.y - a.y));
    out.put("centre", List.of(centre.x, centre.y));
    out.put("location", map.locationName(centre));
    return out;
  }

  private static JList<?> firstList(Component c) {
    if (c instanceof JList) return (JList<?>) c;
    if (c instanceof Container) {
      for (final Component k : ((Container) c).getComponents()) {
        final JList<?> found = firstList(k);
        if (found != null) return found;
      }
    }
    return null;
  }
}
