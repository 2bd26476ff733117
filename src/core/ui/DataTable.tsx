import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Checkbox } from './Checkbox'
import './list.scss'

export interface Column<T> {
  key: string
  title: string
  /** A CSS grid track: '2fr', '160px'... (default 1fr). */
  width?: string
  render(row: T): ReactNode
}

export interface TableSelection<K> {
  selected: ReadonlySet<K>
  onToggle(key: K, checked: boolean): void
  onToggleAll(checked: boolean): void
}

interface DataTableProps<T, K extends string | number> {
  label: string
  columns: Column<T>[]
  rows: T[]
  rowKey(row: T): K
  /** Marks a row's label for the select box (e.g. its title). */
  rowLabel?(row: T): string
  rowClassName?(row: T): string
  onRowClick?(row: T): void
  selection?: TableSelection<K>
}

/** The desktop table: a header row and one grid row per item, optional select boxes in front. */
export function DataTable<T, K extends string | number>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  rowClassName,
  onRowClick,
  selection,
}: DataTableProps<T, K>) {
  const tracks = [selection ? '48px' : '', ...columns.map((c) => c.width || '1fr')].filter(Boolean).join(' ')
  const grid = { gridTemplateColumns: tracks }
  const keys = rows.map(rowKey)
  const chosen = selection ? keys.filter((k) => selection.selected.has(k)).length : 0
  return (
    <View className='data-table' role='table' aria-label={label}>
      <View className='data-table__row data-table__row--head' role='row' style={grid}>
        {selection && (
          <View className='data-table__cell data-table__cell--select' role='columnheader'>
            <Checkbox
              label='全选本页'
              checked={rows.length > 0 && chosen === rows.length}
              mixed={chosen > 0}
              disabled={!rows.length}
              onChange={selection.onToggleAll}
            />
          </View>
        )}
        {columns.map((column) => (
          <View key={column.key} className='data-table__cell' role='columnheader'>
            {column.title}
          </View>
        ))}
      </View>
      {rows.map((row, index) => {
        const key = keys[index]
        return (
          <View
            key={key}
            role='row'
            style={grid}
            className={`data-table__row${onRowClick ? ' data-table__row--link' : ''} ${rowClassName?.(row) ?? ''}`}
            onClick={() => onRowClick?.(row)}
          >
            {selection && (
              <View className='data-table__cell data-table__cell--select' role='cell'>
                <Checkbox
                  label={`选择 ${rowLabel?.(row) ?? key}`}
                  checked={selection.selected.has(key)}
                  onChange={(checked) => selection.onToggle(key, checked)}
                />
              </View>
            )}
            {columns.map((column) => (
              <View
                key={column.key}
                className={`data-table__cell data-table__cell--${column.key}`}
                role='cell'
              >
                {column.render(row)}
              </View>
            ))}
          </View>
        )
      })}
    </View>
  )
}
