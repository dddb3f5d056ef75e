import { DECISION_OUTCOME_MAX_LENGTH } from '@leasing/contract';
import { TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';

/** A neutral hint: the same field completes every kind of decision. */
export const DECISION_OUTCOME_PLACEHOLDER = 'What was decided, e.g. Approved';

export type DecisionOutcomeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** Enter. */
  onSubmit: () => void;
  /** Escape. */
  onCancel: () => void;
};

/** What was decided, optional: Enter completes the decision, Escape leaves it open. */
export function DecisionOutcomeField({
  value,
  onChange,
  onSubmit,
  onCancel,
}: DecisionOutcomeFieldProps) {
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  }

  return (
    <TextInput
      label="Outcome (optional)"
      placeholder={DECISION_OUTCOME_PLACEHOLDER}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={handleKeyDown}
      maxLength={DECISION_OUTCOME_MAX_LENGTH}
      data-autofocus
      autoFocus
    />
  );
}
