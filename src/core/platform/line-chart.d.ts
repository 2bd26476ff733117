import type { LineSeries } from '../ui/chart/line-option'

export type { LineSeries }

export interface LineChartProps {
  /** What the chart shows, for screen readers. */
  label: string
  categories: string[]
  series: LineSeries[]
  /** Height in px of our 375 design; a chart needs an explicit one. */
  height: number
}

/** A line chart (echarts): loaded on demand on H5, part of the page's subpackage on weapp. */
export declare function LineChart(props: LineChartProps): JSX.Element
