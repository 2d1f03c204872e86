package hexforge.harness;

import java.awt.AWTEvent;
import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.WindowEvent;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import javax.swing.JLabel;
import javax.swing.JOptionPane;
import javax.swing.SwingUtilities;
import javax.swing.text.BadLocationException;
import javax.swing.text.JTextComponent;

import org.slf4j.LoggerFactory;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.AppenderBase;

import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.tools.ErrorDialog;
import VASSAL.tools.bug.BugHandler;

/**
 * Turns the three ways VASSAL tells a person about a problem into {@link Report} problems: its error log (WARN and
 * ERROR, which includes every "data warning" such as a missing image or an unknown trait), its bug dialog
 * (exceptions while building the module), and any prompt it opens (which would also block an unattended run, so it
 * is closed at once).
 */
final class Capture {
  private final Report report;
  private final Set<Window> seen = Collections.newSetFromMap(new IdentityHashMap<>());

  private Capture(Report report) {
    this.report = report;
  }

  static Capture install(Report report) {
    final Capture c = new Capture(report);
    c.logging();
    ErrorDialog.addBugHandler(new BugHandler() {
      @Override
      public boolean accept(Throwable thrown) {
        return true;
      }

      @Override
      public void handle(Throwable thrown) {
        report.problem("BUG", Report.describe(thrown));
      }
    });
    Toolkit.getDefaultToolkit().addAWTEventListener(e -> {
      if (e.getID() == WindowEvent.WINDOW_OPENED && isPrompt(e.getSource())) c.closeDialog((Dialog) e.getSource());
    }, AWTEvent.WINDOW_EVENT_MASK);
    return c;
  }

  private void logging() {
    final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    final AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {
      @Override
      protected void append(ILoggingEvent e) {
        if (!e.getLevel().isGreaterOrEqual(Level.WARN)) return;
        final StringBuilder msg = new StringBuilder(e.getLoggerName()).append(": ").append(e.getFormattedMessage());
        for (IThrowableProxy t = e.getThrowableProxy(); t != null; t = t.getCause()) {
          msg.append(" <- ").append(t.getClassName()).append(": ").append(t.getMessage());
        }
        report.problem("LOG-" + e.getLevel(), msg.toString());
      }
    };
    appender.setContext(root.getLoggerContext());
    appender.setName("hexforge");
    appender.start();
    root.addAppender(appender);
  }

  /**
   * A dialog that waits for an answer: modal, or a message box. VASSAL's tool windows (a player's hand, the turn
   * tracker, charts) are dialogs too, but they are part of playing and stay open.
   */
  private static boolean isPrompt(Object window) {
    return window instanceof Dialog && (((Dialog) window).isModal() || holdsOptionPane((Dialog) window));
  }

  private static boolean holdsOptionPane(Container c) {
    for (final Component k : c.getComponents()) {
      if (k instanceof JOptionPane || (k instanceof Container && holdsOptionPane((Container) k))) return true;
    }
    return false;
  }

  /** Record a dialog's title and text as a problem and close it (on the EDT). */
  private void closeDialog(Dialog d) {
    synchronized (seen) {
      if (!seen.add(d)) return;
    }
    final List<String> texts = new ArrayList<>();
    collectText(d, texts);
    report.problem("DIALOG", "'" + d.getTitle() + "': " + String.join(" | ", texts));
    SwingUtilities.invokeLater(() -> {
      d.dispose();
      synchronized (seen) {
        seen.remove(d);
      }
    });
  }

  /** Close any dialog still showing (one whose opening event was missed); call on the EDT. */
  void sweepDialogs() {
    for (final Window w : Window.getWindows()) {
      if (w.isShowing() && isPrompt(w)) closeDialog((Dialog) w);
    }
  }

  private static void collectText(Component c, List<String> into) {
    String s = null;
    if (c instanceof JLabel) s = ((JLabel) c).getText();
    else if (c instanceof JTextComponent) s = ((JTextComponent) c).getText();
    else if (c instanceof JOptionPane && ((JOptionPane) c).getMessage() instanceof String) {
      s = (String) ((JOptionPane) c).getMessage();
    }
    if (s != null) {
      s = s.replaceAll("<[^>]*>", " ").replaceAll("\\s+", " ").trim();
      if (!s.isEmpty() && !into.contains(s)) into.add(s);
    }
    if (c instanceof Container) {
      for (final Component k : ((Container) c).getComponents()) collectText(k, into);
    }
  }

  /** The lines of the chat window: move and dice reports, module messages, VASSAL's own notices. */
  static List<String> chat() {
    final List<String> lines = new ArrayList<>();
    final Chatter chatter = GameModule.getGameModule().getChatter();
    if (chatter == null) return lines;
    try {
      final Field f = Chatter.class.getDeclaredField("conversationPane");
      f.setAccessible(true);
      final JTextComponent pane = (JTextComponent) f.get(chatter);
      final String text = pane.getDocument().getText(0, pane.getDocument().getLength());
      for (final String l : text.split("\n")) {
        if (!l.isBlank()) lines.add(l.strip());
      }
    }
    catch (ReflectiveOperationException | BadLocationException e) {
      throw new IllegalStateException("cannot read VASSAL's chat window", e);
    }
    return lines;
  }
}
