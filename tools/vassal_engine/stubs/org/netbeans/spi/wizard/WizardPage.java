package org.netbeans.spi.wizard;

import java.util.Map;
import javax.swing.JPanel;

/** hexforge link-time stand-in: VASSAL's set-up step pages are plain panels here. */
public class WizardPage extends JPanel {
  private static final long serialVersionUID = 1L;

  public WizardPage(String description) {
    setName(description);
  }

  /** A set-up step page stores its answer here; nobody answers, so nothing is kept. */
  protected void putWizardData(Object key, Object value) { }

  /** What VASSAL's game-setup panels implement to finish or cancel the wizard. */
  public interface WizardResultProducer {
    Object finish(Map settings) throws WizardException;

    boolean cancel(Map settings);
  }
}
