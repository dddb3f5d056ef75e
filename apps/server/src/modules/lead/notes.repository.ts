import type { Db } from '../../db/client.js';
import { notes } from '../../db/schema/index.js';

export const insertNote = async (db: Db, note: typeof notes.$inferInsert) => {
  const [row] = await db.insert(notes).values(note).returning({ id: notes.id });
  return row!;
};
