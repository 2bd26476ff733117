import { View } from '@tarojs/components'
import MiniLineChart from '../ui/chart/MiniLineChart'
import { designPx } from './env'
import type { LineChartProps } from './line-chart'
import '../ui/chart/line-chart.scss'

// The mini-program has no lazy chunks: only subpackage pages import this, so echarts stays out of
// the main package (Taro's optimizeMainPackage moves modules used by one subpackage into it).
export function LineChart(props: LineChartProps) {
  return (
    <View className='line-chart' aria-label={props.label} style={{ height: designPx(props.height) }}>
      <MiniLineChart {...props} />
    </View>
  )
}
