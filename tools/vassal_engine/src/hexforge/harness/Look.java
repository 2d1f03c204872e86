package hexforge.harness;

import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Frame;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Window;
import java.awt.image.BufferedImage;
import java.io.File;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.swing.AbstractButton;
import javax.swing.JComponent;
import javax.swing.JFrame;
import javax.swing.JTabbedPane;
import javax.swing.SwingUtilities;

import VASSAL.build.GameModule;
import VASSAL.build.module.ChartWindow;
import VASSAL.build.module.PieceWindow;
import VASSAL.build.module.PlayerHand;
import VASSAL.build.module.PlayerRoster;
import VASSAL.build.widget.PieceSlot;
import VASSAL.counters.GamePiece;

/**
 * What a player sees: the real player window made visible on the X display, screenshots of its windows taken with
 * {@link Robot} (the pixels the display shows), and what the windows hold measured through Swing — where each
 * palette counter is drawn, every tab title and the room it has, each map's zoom, the toolbar's buttons.
 */
final class Look {
  private Look() { }

  /** The main window, shown at the given size at the screen's top-left corner (what a player opens). */
  static void show(GameModule mod, int width, int height) {
    final JFrame w = mod.getPlayerWindow();
    w.setExtendedState(Frame.NORMAL);
    w.setBounds(0, 0, width, height);
    w.setVisible(true);
    w.toFront();
    w.validate();
  }

  /** The window a name stands for: "main", a map's or chart window's name, or any showing window's title. */
  static Window window(Engine engine, String name) throws ReflectiveOperationException {
    if ("main".equals(name)) return engine.module.getPlayerWindow();
    for (final VASSAL.build.module.Map m : engine.maps()) {
      if (name.equals(m.getMapName())) {
        final Window w = SwingUtilities.getWindowAncestor(m.getView());
        if (w == null) continue;
        if (!w.isShowing()) w.setVisible(true);   // a player opens it with its toolbar button
        return w;
      }
    }
    for (final ChartWindow c : engine.module.getAllDescendantComponentsOf(ChartWindow.class)) {
      if (name.equals(c.getConfigureName())) return (Window) field(ChartWindow.class, "frame").get(c);
    }
    final List<String> seen = new ArrayList<>();
    for (final Window w : Window.getWindows()) {
      if (!w.isShowing()) continue;
      if (name.equals(title(w))) return w;
      seen.add(title(w));
    }
    throw new Engine.ActionError("no showing window '" + name + "' (showing: " + seen + ")");
  }

  /** A window's title (null for a window without one). */
  static String title(Window w) {
    return w instanceof Frame ? ((Frame) w).getTitle() : w instanceof Dialog ? ((Dialog) w).getTitle() : null;
  }

  static Field field(Class<?> c, String name) throws NoSuchFieldException {
    final Field f = c.getDeclaredField(name);
    f.setAccessible(true);
    return f;
  }

  /** Select, level by level, the tab with each title of {@code path} inside {@code root}. */
  static void selectTabs(Container root, List<?> path) {
    Container here = root;
    for (final Object t : path) {
      final String title = String.valueOf(t);
      final JTabbedPane tabs = tabsWith(here, title);
      if (tabs == null) throw new Engine.ActionError("no tab '" + title + "' under " + path);
      tabs.setSelectedIndex(tabs.indexOfTab(title));
      tabs.validate();
      here = (Container) tabs.getSelectedComponent();
    }
  }

  private static JTabbedPane tabsWith(Container c, String title) {
    if (c instanceof JTabbedPane && ((JTabbedPane) c).indexOfTab(title) >= 0) return (JTabbedPane) c;
    for (final Component k : c.getComponents()) {
      if (k instanceof Container && k.isShowing()) {
        final JTabbedPane found = tabsWith((Container) k, title);
        if (found != null) return found;
      }
    }
    return null;
  }

  /** The pixels the display shows inside the window, written as a PNG. */
  static Map<String, Object> screenshot(Window w, File file) throws Exception {
    final Rectangle r = w.getBounds();
    final BufferedImage img = new Robot().createScreenCapture(r);
    file.getParentFile().mkdirs();
    ImageIO.write(img, "png", file);
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("file", file.getPath());
    out.put("bounds", rect(r));
    out.put("title", title(w));
    return out;
  }

  static List<Integer> rect(Rectangle r) {
    return List.of(r.x, r.y, r.width, r.height);
  }

  /** A component's bounds on the screen (null when it is not showing). */
  static List<Integer> onScreen(Component c) {
    if (!c.isShowing()) return null;
    final Point p = c.getLocationOnScreen();
    return List.of(p.x, p.y, c.getWidth(), c.getHeight());
  }

  /** Everything a test checks of what the player sees. */
  static Map<String, Object> inspect(Engine engine) throws Exception {
    final GameModule mod = engine.module;
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("main", onScreen(mod.getPlayerWindow()));
    out.put("side", PlayerRoster.getMySide());
    out.put("user", GameModule.getActiveUserId());
    final List<Object> maps = new ArrayList<>();
    for (final VASSAL.build.module.Map m : engine.maps()) {
      final Map<String, Object> d = new LinkedHashMap<>();
      d.put("name", m.getMapName());
      d.put("zoom", m.getZoom());
      d.put("view", onScreen(m.getView()));
      if (m instanceof PlayerHand) d.put("accessible", ((PlayerHand) m).isAccessibleTo(PlayerRoster.getMySide()));
      maps.add(d);
    }
    out.put("maps", maps);
    out.put("toolbar", toolbar(mod));
    for (final PieceWindow pw : mod.getAllDescendantComponentsOf(PieceWindow.class)) {
      final JComponent root = (JComponent) field(PieceWindow.class, "root").get(pw);
      if (!root.isShowing()) continue;
      out.put("palette", onScreen(root));
      out.put("palette_window", onScreen(SwingUtilities.getWindowAncestor(root)));
      out.put("palette_tabs", tabs(root));
      out.put("palette_slots", slots(mod));
    }
    final List<Object> charts = new ArrayList<>();
    for (final ChartWindow c : mod.getAllDescendantComponentsOf(ChartWindow.class)) {
      final Dialog frame = (Dialog) field(ChartWindow.class, "frame").get(c);
      final Map<String, Object> d = new LinkedHashMap<>();
      d.put("name", c.getConfigureName());
      d.put("title", frame.getTitle());
      d.put("window", onScreen(frame));
      d.put("tabs", tabs(frame));
      charts.add(d);
    }
    out.put("charts", charts);
    final List<Object> windows = new ArrayList<>();
    for (final Window w : Window.getWindows()) {
      if (!w.isShowing()) continue;
      final Map<String, Object> d = new LinkedHashMap<>();
      d.put("title", title(w));
      d.put("bounds", onScreen(w));
      windows.add(d);
    }
    out.put("windows", windows);
    return out;
  }

  /** Every toolbar button: its text, tooltip, and where it is on the screen (null: not showing). */
  private static List<Object> toolbar(GameModule mod) {
    final List<Object> out = new ArrayList<>();
    buttons(mod.getToolBar(), out);
    return out;
  }

  private static void buttons(Container bar, List<Object> out) {
    for (final Component c : bar.getComponents()) {
      if (c instanceof javax.swing.JToolBar) buttons((Container) c, out);
      if (!(c instanceof AbstractButton)) continue;
      final AbstractButton b = (AbstractButton) c;
      final Map<String, Object> d = new LinkedHashMap<>();
      d.put("text", b.getText());
      d.put("tooltip", b.getToolTipText());
      d.put("visible", b.isVisible());
      d.put("bounds", onScreen(b));
      out.add(d);
    }
  }

  /** Every tab pane under {@code root} that is showing: each tab's title, its bounds and the width its title needs. */
  private static List<Object> tabs(Container root) {
    final List<Object> out = new ArrayList<>();
    collectTabs(root, out);
    return out;
  }

  private static void collectTabs(Container c, List<Object> out) {
    if (c instanceof JTabbedPane && c.isShowing()) {
      final JTabbedPane tp = (JTabbedPane) c;
      final Map<String, Object> d = new LinkedHashMap<>();
      d.put("pane", onScreen(tp));
      d.put("selected", tp.getSelectedIndex() < 0 ? null : tp.getTitleAt(tp.getSelectedIndex()));
      final List<Object> tabs = new ArrayList<>();
      final java.awt.FontMetrics fm = tp.getFontMetrics(tp.getFont());
      for (int i = 0; i < tp.getTabCount(); i++) {
        final Map<String, Object> t = new LinkedHashMap<>();
        final Rectangle r = tp.getUI().getTabBounds(tp, i);
        final Point p = tp.getLocationOnScreen();
        t.put("title", tp.getTitleAt(i));
        t.put("bounds", List.of(p.x + r.x, p.y + r.y, r.width, r.height));
        t.put("text_width", fm.stringWidth(tp.getTitleAt(i)));
        tabs.add(t);
      }
      d.put("tabs", tabs);
      out.add(d);
    }
    for (final Component k : c.getComponents()) {
      if (k instanceof Container) collectTabs((Container) k, out);
    }
  }

  /** The piece a slot draws (prototypes expanded), read through PieceSlot's protected accessor. */
  private static GamePiece expanded(PieceSlot s) {
    try {
      final java.lang.reflect.Method m = PieceSlot.class.getDeclaredMethod("getExpandedPiece");
      m.setAccessible(true);
      return (GamePiece) m.invoke(s);
    }
    catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read a palette slot's piece", e);
    }
  }

  /** Each palette counter that is showing: its cell and the rectangle the counter is drawn in (centred in the cell). */
  private static List<Object> slots(GameModule mod) {
    final List<Object> out = new ArrayList<>();
    for (final PieceSlot s : mod.getAllDescendantComponentsOf(PieceSlot.class)) {
      final Component cell = s.getComponent();
      if (!cell.isShowing()) continue;
      final GamePiece p = expanded(s);
      final Rectangle box = p.boundingBox();
      final Point at = cell.getLocationOnScreen();
      final int cx = at.x + cell.getWidth() / 2;
      final int cy = at.y + cell.getHeight() / 2;
      final Map<String, Object> d = new LinkedHashMap<>();
      d.put("name", s.getConfigureName());
      d.put("cell", onScreen(cell));
      d.put("piece", List.of(cx + box.x, cy + box.y, box.width, box.height));
      out.add(d);
    }
    return out;
  }
}
