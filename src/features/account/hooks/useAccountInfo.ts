import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../../../core/http/api-error'
import { useSession } from '../../../core/session/store'
import type { PasswordModel } from '../../../core/validation/account'
import { accountApi, type AccountInfo } from '../api'

export type AccountLoad =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; info: AccountInfo; model: PasswordModel }

/** The personal info and the password model; a reload after each change also refreshes the header. */
export function useAccountInfo() {
  const [load, setLoad] = useState<AccountLoad>({ status: 'loading' })

  const reload = useCallback((quiet = false) => {
    if (!quiet) setLoad({ status: 'loading' })
    return Promise.all([accountApi.info(), accountApi.passwordModel()])
      .then(([info, { model }]) => {
        useSession.getState().setUserinfo(info)
        setLoad({ status: 'ready', info, model })
      })
      .catch((failure) =>
        setLoad({
          status: 'failed',
          message: failure instanceof ApiError ? failure.message : '加载失败，请重试',
        }),
      )
  }, [])

  useEffect(() => {
    void reload()
  }, [reload])

  return { load, reload: () => reload(true), retry: () => reload() }
}
