/**
 * The roles that make a view a control (core/ui Button, tabs, radios, links, menu items): on H5 such
 * a view is given a tab stop when it renders (taro-patches/h5-components/view-text.js) and Enter / Space
 * click it (platform/keyboard).
 */
export const CONTROL_ROLES: ReadonlySet<string> = new Set([
  'button',
  'link',
  'tab',
  'radio',
  'checkbox',
  'switch',
  'menuitem',
  'option',
  'slider',
])
