import type { TourSlot } from '@leasing/contract';
import { getDayKey } from '../../../lib/format-date';

export type SlotDay = { key: number; slots: TourSlot[] };

/** The free slots grouped by their day on the property's clock, soonest first. */
export function slotsByDay(slots: TourSlot[], timeZone: string): SlotDay[] {
  const days = new Map<number, TourSlot[]>();
  for (const slot of slots) {
    const key = getDayKey(slot.start, { timeZone });
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, daySlots]) => ({ key, slots: daySlots }));
}
