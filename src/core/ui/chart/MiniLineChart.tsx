// weapp: taro-react-echarts draws the trimmed echarts on a Canvas 2D.
import { useMemo } from 'react'
import Echarts from 'taro-react-echarts'
import { designPx } from '../../platform/env'
import type { LineChartProps } from '../../platform/line-chart'
import { echarts } from './echarts'
import { lineChartOption } from './line-option'

export default function MiniLineChart({ categories, series, height }: LineChartProps) {
  const option = useMemo(() => lineChartOption({ categories, series }), [categories, series])
  // Only the height: taro-react-echarts reads a given style.width as the canvas width. isPage false:
  // the chart appears after the detail has loaded, when the page's ready event has already passed.
  return (
    <Echarts echarts={echarts} isPage={false} option={option as never} style={{ height: designPx(height) }} />
  )
}
