// Invoice data on the wire (doc2 §7 getTreeAddress).

/** A node of the province / city / district tree; ids are GB/T 2260 division codes. */
export interface Region {
  id: number
  name: string
  children?: Region[]
}
