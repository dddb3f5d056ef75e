import { SegmentedControl } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `md` breakpoint the pane's two columns do not fit side by side. */
const NARROW_MEDIA_QUERY = '(max-width: 62em)';

export type NarrowView = 'conversation' | 'info';

const narrowViewOptions = [
  { value: 'conversation', label: 'Conversations' },
  { value: 'info', label: 'Conversation info' },
];

/** Whether the pane has one column, and so shows its conversation or its info. */
export function useIsNarrowPane() {
  return useMediaQuery(NARROW_MEDIA_QUERY) ?? false;
}

export type NarrowViewSwitchProps = {
  value: NarrowView;
  onChange: (view: NarrowView) => void;
};

/** On one column: the conversation, or who the lead is. */
export function NarrowViewSwitch({ value, onChange }: NarrowViewSwitchProps) {
  function handleChange(next: string) {
    onChange(next === 'info' ? 'info' : 'conversation');
  }

  return (
    <SegmentedControl
      fullWidth
      value={value}
      onChange={handleChange}
      data={narrowViewOptions}
      aria-label="Show"
    />
  );
}
