package org.netbeans.spi.wizard;

/** hexforge link-time stand-in: what a wizard's finish step may throw. */
public class WizardException extends Exception {
  private static final long serialVersionUID = 1L;

  public WizardException(String message) {
    super(message);
  }
}
