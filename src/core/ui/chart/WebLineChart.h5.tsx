// H5 only (a .h5 module, loaded by platform/line-chart.h5): echarts drawn straight into a div.
// taro-react-echarts is not used here: it imports Taro's whole API object, which the build's `taro`
// chunk (loaded by every page) would then carry.
import { useEffect, useRef } from 'react'
import type { LineChartProps } from '../../platform/line-chart'
import { echarts } from './echarts'
import { lineChartOption } from './line-option'

export default function WebLineChart({ categories, series, height }: LineChartProps) {
  const element = useRef<HTMLDivElement>(null)
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null)

  useEffect(() => {
    if (!element.current) return
    const instance = echarts.init(element.current)
    chart.current = instance
    const resize = () => instance.resize()
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      instance.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(lineChartOption({ categories, series }), true)
  }, [categories, series])

  return <div ref={element} className='line-chart__canvas' style={{ width: '100%', height: `${height}px` }} />
}
