import type { UnmatchedMessage } from '@leasing/contract';
import {
  Alert,
  Group,
  Loader,
  Modal,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { DialogSubmitRow } from '../../../components/ui/dialog-submit-row';
import { formatPhone } from '../../../lib/format-phone';
import { useAssignUnmatched } from '../api/assign-unmatched';
import type { SearchLeads } from './lead-choice';

export type MoveToLeadDialogProps = {
  message: UnmatchedMessage;
  searchLeads: SearchLeads;
  opened: boolean;
  onClose: () => void;
};

const MIN_SEARCH = 2;

/** 'Move to lead': find the lead by name, phone or email, pick it, and move the message there. */
export function MoveToLeadDialog({ message, searchLeads, opened, onClose }: MoveToLeadDialogProps) {
  const assign = useAssignUnmatched(message._id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [leadId, setLeadId] = useState<string | null>(null);
  const results = useQuery({
    queryKey: ['unmatched-lead-search', debounced],
    queryFn: ({ signal }) => searchLeads(debounced, signal),
    enabled: opened && debounced.length >= MIN_SEARCH,
  });
  const choices = results.data ?? [];
  const disabledReason = leadId === null ? 'Choose a lead first' : null;

  function handleClose() {
    setSearch('');
    setLeadId(null);
    assign.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!leadId) return;
    assign.mutate({ leadId }, { onSuccess: handleClose });
  }

  return (
    <Modal opened={opened} onClose={handleClose} title="Move to lead" centered size="md">
      <form onSubmit={handleSubmit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The message goes onto the lead&apos;s timeline as theirs, dated when it came in.
          </Text>
          <TextInput
            label="Find the lead"
            placeholder="Name, phone or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setLeadId(null);
            }}
            data-autofocus
            autoComplete="off"
          />
          {debounced.length < MIN_SEARCH ? (
            <Text size="xs" c="dimmed">
              Type at least two characters.
            </Text>
          ) : results.isPending ? (
            <Group justify="center" p="sm">
              <Loader size="sm" role="status" aria-label="Searching leads" />
            </Group>
          ) : results.isError ? (
            <Alert color="red" title="Could not search leads">
              {results.error.message}
            </Alert>
          ) : choices.length === 0 ? (
            <Text size="sm" c="dimmed">
              No lead matches “{debounced}”.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={280}>
              <Radio.Group value={leadId} onChange={setLeadId} label="Leads found" name="lead">
                <Stack gap="xs" mt="xs">
                  {choices.map((choice) => (
                    <Radio
                      key={choice._id}
                      value={choice._id}
                      label={choice.name}
                      description={[
                        choice.propertyName,
                        choice.phone && formatPhone(choice.phone),
                        choice.email,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            </ScrollArea.Autosize>
          )}
          {assign.error && (
            <Alert color="red" title="Not moved">
              {assign.error.message}
            </Alert>
          )}
          <DialogSubmitRow
            submitLabel="Move"
            isSubmitting={assign.isPending}
            disabledReason={disabledReason}
            onCancel={handleClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
