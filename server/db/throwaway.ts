// A throwaway PostgreSQL database beside the ones a server already holds, for the API suite and the
// server benchmark: created with a unique name, dropped when done.
import crypto from 'node:crypto'
import { Client } from 'pg'

export async function throwawayDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}"`) }
}
