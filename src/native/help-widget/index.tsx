import { HelpWidget } from '../../features/shell/components/HelpWidget'

/** Test entry: the console's help widget as the mini-program shows it (帮助 button, then its sheet). */
export default function HelpWidgetEntry() {
  return <HelpWidget />
}
