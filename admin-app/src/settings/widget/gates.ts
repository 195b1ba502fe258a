/**
 * The upgrade dialog's medium of the widget settings' locked controls. The gates
 * themselves (useWidgetGates: branding for colours, toggle label and icon, font and
 * custom logo; middle positions; behavior for start minimized) are in
 * shared/widgetLook, the one source the builder's Look section reads as well.
 */
export const MEDIUM = 'settings-widget';
