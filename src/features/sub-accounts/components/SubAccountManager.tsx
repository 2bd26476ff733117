import { Text, View } from '@tarojs/components'
import { withFreshSession } from '../../account/fresh-session'
import { useEffect, useState } from 'react'
import { useSession } from '../../../core/session/store'
import type { Column } from '../../../core/ui/DataTable'
import { toast } from '../../../core/ui/toast'
import { ACCOUNT_BREAKPOINT } from '../../../core/ui/paging'
import { useListMode, usePagedList } from '../../../core/ui/usePagedList'
import { MSG } from '../../../core/validation/messages'
import { subAccountApi, type Position, type SubAdmin } from '../api'
import {
  activeStateLabel,
  canManageSubAdmins,
  isOn,
  SUB_ADMIN_SWITCHES,
  SUB_ADMIN_TEXT,
  type SwitchDef,
} from '../rules'
import {
  EditDeleteLinks,
  type EditDeleteActions,
  linksColumn,
  PersonCard,
  PersonList,
  useConfirmedDelete,
  usePersonDialog,
} from './PersonList'
import { RecipientList } from './RecipientList'
import { SubAdminDialog } from './SubAdminDialog'
import './sub-accounts.scss'

interface RowActions extends EditDeleteActions<SubAdmin> {
  manage: boolean
  onToggle(row: SubAdmin, def: SwitchDef): void
}

function Toggle({ row, def, actions }: { row: SubAdmin; def: SwitchDef; actions: RowActions }) {
  const on = isOn(row[def.field])
  return (
    <View
      className={`sub-switch${on ? ' sub-switch--on' : ''}${actions.manage ? '' : ' sub-switch--disabled'}`}
      role='switch'
      aria-checked={on}
      aria-disabled={!actions.manage}
      aria-label={`${row.fullName} ${def.label}`}
      onClick={() => actions.manage && actions.onToggle(row, def)}
    >
      <View className='sub-switch__knob' />
    </View>
  )
}

function State({ row }: { row: SubAdmin }) {
  return (
    <Text className={`state-text state-text--${isOn(row.activeState) ? 'ok' : 'pending'}`}>
      {activeStateLabel(row.activeState)}
    </Text>
  )
}

function RowButtons({ row, actions }: { row: SubAdmin; actions: RowActions }) {
  if (!actions.manage) return <Text className='sub-actions--none'>--</Text>
  return <EditDeleteLinks row={row} actions={actions} />
}

function columns(actions: RowActions): Column<SubAdmin>[] {
  return [
    { key: 'name', title: '姓名', width: '1fr', render: (r) => r.fullName },
    { key: 'mailbox', title: '邮箱', width: '1.6fr', render: (r) => r.mailbox || '--' },
    { key: 'phone', title: '手机号', width: '120px', render: (r) => r.phoneNumber },
    { key: 'position', title: '职位', width: '1fr', render: (r) => r.positionName || '--' },
    { key: 'state', title: '状态', width: '80px', render: (r) => <State row={r} /> },
    ...SUB_ADMIN_SWITCHES.map((def) => ({
      key: def.field,
      title: def.label,
      width: '80px',
      render: (r: SubAdmin) => <Toggle row={r} def={def} actions={actions} />,
    })),
    linksColumn((r) => <RowButtons row={r} actions={actions} />),
  ]
}

const TABS = [
  { key: 'subAdmins', label: '子管理员' },
  { key: 'recipients', label: '通知接收人' },
] as const
type Tab = (typeof TABS)[number]['key']

function Tabs({ tab, onChange }: { tab: Tab; onChange(tab: Tab): void }) {
  return (
    <View className='sub-tabs' role='tablist'>
      {TABS.map((t) => (
        <View
          key={t.key}
          role='tab'
          aria-selected={tab === t.key}
          className={`sub-tabs__tab${tab === t.key ? ' sub-tabs__tab--on' : ''}`}
          onClick={() => onChange(t.key)}
        >
          {t.label}
        </View>
      ))}
    </View>
  )
}

/**
 * 子账号管理 (account-area §2, §6) with two tabs: the sub-admins, and the recipients of the
 * account's notices (RecipientList). Only the main account changes anything; a sub-account sees
 * both lists read-only, the switches disabled.
 */
export function SubAccountManager() {
  const role = useSession((s) => s.role)
  const manage = canManageSubAdmins(role)
  const [tab, setTab] = useState<Tab>('subAdmins')
  const [positions, setPositions] = useState<Position[]>([])

  useEffect(() => {
    subAccountApi
      .positions()
      .then(setPositions)
      .catch(() => setPositions([]))
  }, [])

  return (
    <View className='sub-accounts card'>
      <Tabs tab={tab} onChange={setTab} />
      {!manage && <View className='sub-accounts__read-only'>子管理员仅可查看，如需修改请联系主账号</View>}
      {tab === 'subAdmins' ? (
        <SubAdminList manage={manage} positions={positions} />
      ) : (
        <RecipientList manage={manage} positions={positions} />
      )}
    </View>
  )
}

/** The sub-admins in a table with pages on desktop, cards with load-more on phones. */
function SubAdminList({ manage, positions }: { manage: boolean; positions: Position[] }) {
  const mode = useListMode(ACCOUNT_BREAKPOINT)
  const list = usePagedList(subAccountApi.list, { mode })
  const editor = usePersonDialog(SubAdminDialog, positions, list.reload)
  const [checkingAdd, setCheckingAdd] = useState(false)
  const remove = useConfirmedDelete<SubAdmin>(
    (id) => withFreshSession(() => subAccountApi.remove(id)),
    SUB_ADMIN_TEXT,
    list.reload,
  )

  const openAdd = async () => {
    setCheckingAdd(true)
    try {
      const { available } = await subAccountApi.addAvailability()
      if (available) editor.add()
      else toast.error(MSG.subAdminLimit)
    } catch {
      // The request wrapper has shown why.
    } finally {
      setCheckingAdd(false)
    }
  }

  const actions: RowActions = {
    manage,
    onEdit: editor.edit,
    onDelete: remove.ask,
    onToggle: async (row, def) => {
      try {
        await subAccountApi.setSwitch(def.call, row.id, isOn(row[def.field]) ? 0 : 1)
        toast.success('设置成功')
        list.reload()
      } catch {
        // The request wrapper has shown why; the row keeps its state.
      }
    },
  }

  return (
    <PersonList
      className='sub-admins'
      title='子账号管理'
      label='子管理员'
      add={manage ? { label: '新增子管理员', busy: checkingAdd, onClick: openAdd } : null}
      list={list}
      emptyText={SUB_ADMIN_TEXT.empty}
      columns={columns(actions)}
      card={(row) => (
        <PersonCard
          name={row.fullName}
          aside={<State row={row} />}
          meta={[row.phoneNumber, row.positionName, row.mailbox]}
          links={<RowButtons row={row} actions={actions} />}
        >
          {SUB_ADMIN_SWITCHES.map((def) => (
            <View key={def.field} className='sub-card__switch'>
              <Text>{def.label}</Text>
              <Toggle row={row} def={def} actions={actions} />
            </View>
          ))}
        </PersonCard>
      )}
    >
      {editor.dialog}
      {remove.dialog}
    </PersonList>
  )
}
