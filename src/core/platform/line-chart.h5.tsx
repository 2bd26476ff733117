import { View } from '@tarojs/components'
import { Component, lazy, Suspense, type ReactNode } from 'react'
import { designPx } from './env'
import type { LineChartProps } from './line-chart'
import '../ui/chart/line-chart.scss'

// echarts (~190 KB gzip) is fetched only when a chart is shown: /login and the lists never carry it.
const WebLineChart = lazy(() => import(/* webpackChunkName: "chart" */ '../ui/chart/WebLineChart.h5'))

/** A chart chunk that fails to load leaves a note, not a blank page. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? <View className='line-chart__note'>图表加载失败</View> : this.props.children
  }
}

export function LineChart(props: LineChartProps) {
  return (
    <View
      className='line-chart'
      role='img'
      aria-label={props.label}
      style={{ height: designPx(props.height) }}
    >
      <ChartBoundary>
        <Suspense fallback={<View className='line-chart__note'>图表加载中...</View>}>
          <WebLineChart {...props} />
        </Suspense>
      </ChartBoundary>
    </View>
  )
}
