package hexforge.harness;

import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Frame;
import java.awt.GraphicsEnvironment;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Window;
import java.awt.event.MouseEvent;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.swing.JList;

import VASSAL.build.GameModule;

/**
 * What a person at the screen sees and does with windows: the player window shown, a screenshot of the display, a
 * double-click on a row of a list in a window, and the part of a map its view shows.
 */
final class Screen {
  static final int WIDTH = 1280;
  static final int HEIGHT = 1000;

  private Screen() { }

  /** Show VASSAL's player window (toolbar, map, chat) as its player would, at a fixed size (on the EDT). */
  static void show(GameModule mod) {
    final Frame w = mod.getPlayerWindow();
    w.setBounds(0, 0, WIDTH, HEIGHT);
    w.setVisible(true);
    w.validate();
  }

  /** The whole display as a PNG (off the EDT: the robot waits for nothing the EDT does); every window on it. */
  static void screenshot(File file) throws Exception {
    final Rectangle screen = GraphicsEnvironment.getLocalGraphicsEnvironment().getDefaultScreenDevice()
      .getDefaultConfiguration().getBounds();
    file.getParentFile().mkdirs();
    if (!ImageIO.write(new Robot().createScreenCapture(screen), "png", file)) {
      throw new IOException("no PNG writer");
    }
  }

  /** Click ({@code count} = 2: double-click) a row of the first list in the showing window with this title. */
  static String clickList(String title, int row, int count) {
    final JList<?> list = firstList(window(title));
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

  /** The rows of the first list in the showing window with this title, as the list holds them. */
  static List<String> rows(String title) {
    final JList<?> list = firstList(window(title));
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

  private static Window window(String title) {
    final List<String> seen = new ArrayList<>();
    for (final Window w : Window.getWindows()) {
      if (!w.isShowing()) continue;
      final String t = w instanceof Dialog ? ((Dialog) w).getTitle() : w instanceof Frame ? ((Frame) w).getTitle() : "";
      if (title.equals(t)) return w;
      seen.add(t);
    }
    throw new Engine.ActionError("no window '" + title + "' is showing (showing: " + seen + ")");
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
