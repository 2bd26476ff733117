import { Text, View } from '@tarojs/components'
import { pageCount, pagerItems } from './paging'
import type { PagerState } from './usePagedList'
import './list.scss'

/** Desktop paging: total, page-size options (10/20/50/100), previous / numbers / next. */
export function Pager({ pageNum, pageSize, total, pageSizes, disabled, onChange, onSizeChange }: PagerState) {
  const pages = pageCount(total, pageSize)
  if (!total) return null
  const go = (target: number) => {
    if (!disabled && target >= 1 && target <= pages && target !== pageNum) onChange(target)
  }
  return (
    <View className='pager' role='navigation' aria-label='分页'>
      <Text className='pager__total'>共 {total} 条</Text>
      <View className='pager__sizes' role='group' aria-label='每页条数'>
        {pageSizes.map((size) => (
          <View
            key={size}
            role='button'
            aria-pressed={size === pageSize}
            className={`pager__size${size === pageSize ? ' pager__size--active' : ''}`}
            onClick={() => !disabled && size !== pageSize && onSizeChange(size)}
          >
            {size}条/页
          </View>
        ))}
      </View>
      <View className='pager__pages'>
        <View
          role='button'
          aria-label='上一页'
          aria-disabled={pageNum <= 1}
          className={`pager__item${pageNum <= 1 ? ' pager__item--disabled' : ''}`}
          onClick={() => go(pageNum - 1)}
        >
          ‹
        </View>
        {pagerItems(pageNum, pages).map((item, index) =>
          item === '…' ? (
            <Text key={`gap-${index}`} className='pager__gap'>
              …
            </Text>
          ) : (
            <View
              key={item}
              role='button'
              aria-label={`第 ${item} 页`}
              aria-current={item === pageNum ? 'page' : undefined}
              className={`pager__item${item === pageNum ? ' pager__item--active' : ''}`}
              onClick={() => go(item)}
            >
              {item}
            </View>
          ),
        )}
        <View
          role='button'
          aria-label='下一页'
          aria-disabled={pageNum >= pages}
          className={`pager__item${pageNum >= pages ? ' pager__item--disabled' : ''}`}
          onClick={() => go(pageNum + 1)}
        >
          ›
        </View>
      </View>
    </View>
  )
}
