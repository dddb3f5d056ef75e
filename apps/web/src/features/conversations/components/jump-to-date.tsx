import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import classes from './timeline.module.css';

export type JumpToDateProps = {
  /** The start of the picked day, in the reader's time zone, as an ISO moment. */
  onJump: (moment: string) => void;
};

/** 'YYYY-MM-DD' as the input gives it → that day's midnight here; null while it is being typed. */
function startOfDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // A year typed digit by digit passes through 0002, 0020, 0202: no history is that old.
  if (year < 1970 || year > 2100) return null;
  return new Date(year, month - 1, day);
}

function todayValue(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A day picker: the timeline opens at that day's first event (or the newest before it). */
export function JumpToDate({ onJump }: JumpToDateProps) {
  const [value, setValue] = useState('');

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.currentTarget.value;
    setValue(next);
    const day = startOfDay(next);
    if (day) onJump(day.toISOString());
  }

  return (
    <TextInput
      type="date"
      size="xs"
      label="Jump to date"
      value={value}
      max={todayValue()}
      onChange={handleChange}
      classNames={{ root: classes.jumpToDate, label: classes.jumpToDateLabel }}
    />
  );
}
