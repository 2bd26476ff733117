import { useEffect, useState } from 'react'

/** Chosen row ids; ids that leave the list (another page, a reload) leave the selection. */
export function useSelection<K>(ids: readonly K[]) {
  const [selected, setSelected] = useState<ReadonlySet<K>>(() => new Set())
  const idsKey = ids.join(',')
  useEffect(() => {
    setSelected((previous) => {
      const kept = ids.filter((id) => previous.has(id))
      return kept.length === previous.size ? previous : new Set(kept)
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- idsKey stands for ids, a new array each render with the same ids
  }, [idsKey])
  return {
    selected,
    toggle: (id: K, checked: boolean) =>
      setSelected((previous) => {
        const next = new Set(previous)
        if (checked) next.add(id)
        else next.delete(id)
        return next
      }),
    toggleAll: (checked: boolean) => setSelected(checked ? new Set(ids) : new Set()),
    clear: () => setSelected(new Set()),
  }
}
