package hexforge.plugin;

import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Component;
import java.awt.Dimension;
import java.awt.Frame;
import java.awt.Point;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import javax.swing.BorderFactory;
import javax.swing.DefaultListModel;
import javax.swing.JButton;
import javax.swing.JDialog;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTextArea;
import javax.swing.ListSelectionModel;

import VASSAL.build.GameModule;
import VASSAL.build.module.Map;
import VASSAL.build.module.PrivateMap;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.MapGrid;

/**
 * The list of violations of the last check, in a window that stays open beside the game (not modal). Double-clicking
 * a violation centres the map on the hex, area or box it is about, when it names one the map knows.
 */
final class ResultsDialog extends JDialog {
  private static final long serialVersionUID = 1L;
  static final String TITLE = "Check rules";
  static final int ROW_WIDTH = 600;   // a row's text wraps at this width

  private final JLabel summary = new JLabel(" ");
  private final JLabel status = new JLabel(" ");
  private final DefaultListModel<Verdict.Violation> rows = new DefaultListModel<>();
  private final JList<Verdict.Violation> list = new JList<>(rows);

  ResultsDialog(Frame owner) {
    super(owner, TITLE, false);
    list.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
    list.setCellRenderer((l, v, index, selected, focus) -> row(l, v, selected));
    list.addMouseListener(new MouseAdapter() {
      @Override
      public void mouseClicked(MouseEvent e) {
        if (e.getClickCount() != 2) return;
        final int index = list.locationToIndex(e.getPoint());
        if (index >= 0) centre(rows.get(index));
      }
    });
    final JButton close = new JButton("Close");
    close.addActionListener(e -> setVisible(false));
    final JPanel top = new JPanel(new BorderLayout());
    top.setBorder(BorderFactory.createEmptyBorder(6, 6, 6, 6));
    top.add(summary, BorderLayout.NORTH);
    top.add(new JLabel("Double-click a violation to centre the map on it."), BorderLayout.SOUTH);
    final JPanel bottom = new JPanel(new BorderLayout());
    bottom.setBorder(BorderFactory.createEmptyBorder(4, 6, 6, 6));
    bottom.add(status, BorderLayout.CENTER);
    bottom.add(close, BorderLayout.EAST);
    getContentPane().add(top, BorderLayout.NORTH);
    final JScrollPane scroll = new JScrollPane(list);
    scroll.setPreferredSize(new Dimension(ROW_WIDTH + 40, 190));
    scroll.setHorizontalScrollBarPolicy(JScrollPane.HORIZONTAL_SCROLLBAR_NEVER);
    getContentPane().add(scroll, BorderLayout.CENTER);
    getContentPane().add(bottom, BorderLayout.SOUTH);
    pack();
    if (owner != null) {   // in the owner's lower right corner, clear of the middle of the map it centres
      setLocation(Math.max(owner.getX(), owner.getX() + owner.getWidth() - getWidth() - 16),
        Math.max(owner.getY(), owner.getY() + owner.getHeight() - getHeight() - 40));
    }
  }

  /** A row: the rule and where in the game (and the place, when there is one) on top, the message wrapped below. */
  private static Component row(JList<?> list, Verdict.Violation v, boolean selected) {
    final Color back = selected ? list.getSelectionBackground() : list.getBackground();
    final Color fore = selected ? list.getSelectionForeground() : list.getForeground();
    final String at = v.location.isEmpty() ? "" : " &nbsp; <i>at " + escape(v.location) + "</i>";
    final JLabel head = new JLabel("<html><b>rule " + escape(v.rule) + "</b> &nbsp; turn " + v.turn + ", "
      + escape(v.side) + ", " + escape(v.phase) + at + "</html>");
    head.setForeground(fore);
    final JTextArea message = new JTextArea(v.message);
    message.setLineWrap(true);
    message.setWrapStyleWord(true);
    message.setFont(list.getFont());
    message.setOpaque(false);
    message.setForeground(fore);
    message.setSize(ROW_WIDTH, Short.MAX_VALUE);   // so that its preferred height is that of the wrapped text
    final JPanel row = new JPanel(new BorderLayout());
    row.setBackground(back);
    row.setBorder(BorderFactory.createCompoundBorder(BorderFactory.createMatteBorder(0, 0, 1, 0, Color.LIGHT_GRAY),
      BorderFactory.createEmptyBorder(3, 4, 3, 4)));
    row.add(head, BorderLayout.NORTH);
    row.add(message, BorderLayout.CENTER);
    return row;
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  void show(Verdict verdict, String heading) {
    summary.setText(heading);
    status.setText(" ");
    rows.clear();
    for (final Verdict.Violation v : verdict.violations) rows.addElement(v);
    setVisible(true);
  }

  /** Centre the map that knows the violation's location on it; say so when none does. */
  void centre(Verdict.Violation v) {
    if (v.location.isEmpty()) {
      status.setText("This violation is about no one place on the map.");
      return;
    }
    for (final Map map : GameModule.getGameModule().getAllDescendantComponentsOf(Map.class)) {
      if (map instanceof PrivateMap) continue;
      final Point p = pointOf(map, v.location);
      if (p != null) {
        map.centerAt(p);
        status.setText(v.location + " on " + map.getMapName());
        return;
      }
    }
    status.setText("No map names '" + v.location + "'.");
  }

  /** Where the map's boards put a location name (a grid location or a zone), in map coordinates; null if nowhere. */
  static Point pointOf(Map map, String name) {
    for (final Board b : map.getBoards()) {
      final MapGrid grid = b.getGrid();
      if (grid == null) continue;
      try {
        final Point p = grid.getLocation(name);
        if (p != null) {
          p.translate(b.bounds().x, b.bounds().y);
          return p;
        }
      }
      catch (MapGrid.BadCoords | RuntimeException e) {
        // not a location of this board
      }
    }
    return null;
  }
}
