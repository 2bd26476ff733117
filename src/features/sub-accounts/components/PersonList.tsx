import { Text, View } from '@tarojs/components'
import { Fragment, useState, type ComponentType, type ReactNode } from 'react'
import { Button } from '../../../core/ui/Button'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import { ListStatus } from '../../../core/ui/ListStatus'
import { LoadMore } from '../../../core/ui/LoadMore'
import { Pager } from '../../../core/ui/Pager'
import { toast } from '../../../core/ui/toast'
import type { PagedList } from '../../../core/ui/usePagedList'
import type { Position } from '../api'

/** A sub-admin or a notice recipient: both lists show people by name. */
interface Person {
  id: number
  fullName: string
}

/** What a row's links do. */
export interface EditDeleteActions<T> {
  onEdit(row: T): void
  onDelete(row: T): void
}

/** 编辑 / 删除 of one row, named after the person for screen readers. */
export function EditDeleteLinks<T extends Person>({
  row,
  actions,
}: {
  row: T
  actions: EditDeleteActions<T>
}) {
  return (
    <View className='sub-actions'>
      <View
        className='sub-actions__link'
        role='button'
        aria-label={`编辑 ${row.fullName}`}
        onClick={() => actions.onEdit(row)}
      >
        编辑
      </View>
      <View
        className='sub-actions__link sub-actions__link--danger'
        role='button'
        aria-label={`删除 ${row.fullName}`}
        onClick={() => actions.onDelete(row)}
      >
        删除
      </View>
    </View>
  )
}

/** The table's 操作 column: the row's links. */
export function linksColumn<T>(render: (row: T) => ReactNode): Column<T> {
  return { key: 'actions', title: '操作', width: '100px', render }
}

interface PersonCardProps {
  name: string
  /** Beside the name: the account's state or the recipient's position. */
  aside: ReactNode
  /** The contact lines (phone, mailbox, position) in their list's order. */
  meta: (string | undefined)[]
  /** The switches or confirmations. */
  children: ReactNode
  /** The row's links (EditDeleteLinks or why there are none). */
  links: ReactNode
}

/** One person as a phone card. */
export function PersonCard({ name, aside, meta, children, links }: PersonCardProps) {
  return (
    <View role='listitem' className='list-card'>
      <View className='list-card__top'>
        <Text className='list-card__title'>{name}</Text>
        {aside}
      </View>
      <View className='list-card__meta sub-card__meta'>
        {meta.map((line, index) => (
          <Text key={index}>{line}</Text>
        ))}
      </View>
      <View className='sub-card__switches'>{children}</View>
      {links}
    </View>
  )
}

/**
 * 删除 after 确定: `ask(row)` opens the confirmation (`dialog`); confirming removes the row, says
 * so and reloads the list. A refusal has been shown by the request wrapper.
 */
export function useConfirmedDelete<T extends Person>(
  remove: (id: number) => Promise<unknown>,
  text: { deleted: string; deleteConfirm: string },
  reload: () => void,
) {
  const [deleting, setDeleting] = useState<T | null>(null)
  const confirm = async () => {
    const row = deleting
    setDeleting(null)
    if (!row) return
    try {
      await remove(row.id)
      toast.success(text.deleted)
      reload()
    } catch {
      // The request wrapper has shown why.
    }
  }
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      message={text.deleteConfirm}
      onConfirm={confirm}
      onCancel={() => setDeleting(null)}
    />
  )
  return { ask: setDeleting, dialog }
}

/** What the add / edit dialog of either list takes. */
export interface PersonEditorProps {
  /** null: add one; a number: edit that one. */
  editId: number | null
  positions: Position[]
  onClose(): void
  onSaved(): void
}

/** The add / edit dialog of a list: `add()`, `edit(row)`, and the `dialog` to render; saving reloads. */
export function usePersonDialog(
  Editor: ComponentType<PersonEditorProps>,
  positions: Position[],
  reload: () => void,
) {
  const [open, setOpen] = useState<{ editId: number | null } | null>(null)
  const dialog = open && (
    <Editor
      editId={open.editId}
      positions={positions}
      onClose={() => setOpen(null)}
      onSaved={() => {
        setOpen(null)
        reload()
      }}
    />
  )
  return { add: () => setOpen({ editId: null }), edit: (row: Person) => setOpen({ editId: row.id }), dialog }
}

interface PersonListProps<T extends Person> {
  className: string
  title: string
  /** The table's and the cards' accessible name. */
  label: string
  /** 新增…: its words and what it does; null for a sub-account, which only looks. */
  add: { label: string; busy?: boolean; onClick(): void } | null
  list: PagedList<T>
  emptyText: string
  columns: Column<T>[]
  card(row: T): ReactNode
  /** The add / edit and delete dialogs. */
  children: ReactNode
}

/** A list of people: a table with pages on desktop, cards with load-more on phones. */
export function PersonList<T extends Person>({
  className,
  title,
  label,
  add,
  list,
  emptyText,
  columns,
  card,
  children,
}: PersonListProps<T>) {
  const rows = list.status === 'ready' && !list.empty
  return (
    <View className={className}>
      <View className='sub-accounts__head'>
        <View className='list-title'>{title}</View>
        {add && (
          <Button type='primary' size='small' loading={add.busy} onClick={add.onClick}>
            {add.label}
          </Button>
        )}
      </View>
      <ListStatus list={list} emptyText={emptyText} />
      {rows && list.mode === 'pages' && (
        <DataTable label={label} columns={columns} rows={list.items} rowKey={(r) => r.id} />
      )}
      {rows && list.mode === 'more' && (
        <View className='sub-cards' role='list' aria-label={label}>
          {list.items.map((row) => (
            <Fragment key={row.id}>{card(row)}</Fragment>
          ))}
        </View>
      )}
      {list.mode === 'pages' ? <Pager {...list.pager} /> : <LoadMore {...list} />}
      {children}
    </View>
  )
}
