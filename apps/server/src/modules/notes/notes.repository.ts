import type { Db } from '../../db/client.js';
import { notes } from '../../db/schema/index.js';

export const insertNote = async (db: Db, note: typeof notes.$inferInsert) => {
  await db.insert(notes).values(note);
};
