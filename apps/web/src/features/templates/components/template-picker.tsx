import { Alert, Badge, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTemplateFit } from '../api/get-template-fit';
import { useTemplates } from '../api/get-templates';
import { useRenderTemplate } from '../api/render-template';
import type { FilledTemplateWithFiles } from '../api/render-template';
import { filterTemplates } from '../utils/filter-templates';
import { orderByFit } from '../utils/order-by-fit';
import classes from './template-picker.module.css';

/**
 * Focus as soon as the search exists, not after the modal's own autofocus: a person who types
 * '/welc' at once must find every key after the '/' in the search.
 */
function focusOnMount(input: HTMLInputElement | null) {
  input?.focus();
}

export type TemplatePickerProps = {
  opened: boolean;
  leadId: string;
  /** The composer's mode: only templates for it (or both) are offered, filled for it. */
  channel: 'SMS' | 'EMAIL';
  onClose: () => void;
  /** The chosen template, filled for the lead, with its files for the channel. */
  onPick: (filled: FilledTemplateWithFiles) => void;
};

/**
 * The composer's template picker, keyboard first: type to search, arrow keys to move, Enter to
 * choose, Esc to close. Templates that fit this lead (every merge field has a value) come first,
 * each previewed with the lead's values; the rest say what they need ('needs a tour date'). The
 * chosen template is filled on the server; a field without a value is named and nothing is filled.
 */
export function TemplatePicker({ opened, leadId, channel, onClose, onPick }: TemplatePickerProps) {
  const templatesQuery = useTemplates({ enabled: opened });
  const render = useRenderTemplate();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const fitQuery = useTemplateFit({ leadId, channel }, { enabled: opened });
  // Those that fit this lead first, each previewed with its values; the first is the one Enter uses.
  const matches = orderByFit(
    filterTemplates(templatesQuery.data ?? [], channel, search),
    fitQuery.data?.items,
  );
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  function handleClose() {
    setSearch('');
    setActive(0);
    render.reset();
    onClose();
  }

  function choose(index: number) {
    const template = matches[index]?.template;
    if (!template || render.isPending) return;
    render.mutate(
      { leadId, templateId: template._id, channel },
      {
        onSuccess: (rendered) => {
          onPick(rendered);
          handleClose();
        },
      },
    );
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + matches.length) % matches.length);
      render.reset();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(activeIndex);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title="Templates"
      size="lg"
      yOffset="10vh"
      // Opened by a key: no transition, so the search has the focus before the next key arrives.
      transitionProps={{ duration: 0 }}
      // The search took the focus before the modal could note where it came from: the composer
      // takes it back itself (onClose).
      returnFocus={false}
      classNames={{ body: classes.body }}
    >
      <Stack gap="sm">
        <TextInput
          aria-label="Search templates"
          placeholder={`Search ${channel === 'SMS' ? 'SMS' : 'email'} templates`}
          leftSection={<IconSearch size={16} stroke={1.75} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setActive(0);
            render.reset();
          }}
          onKeyDown={handleKeyDown}
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-activedescendant={matches.length > 0 ? optionId(activeIndex) : undefined}
          aria-autocomplete="list"
          ref={focusOnMount}
          data-autofocus
        />
        {render.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {render.error.message}
          </Alert>
        )}
        {templatesQuery.isPending ? (
          <Group justify="center" py="md" role="status" aria-label="Loading templates">
            <Loader size="sm" />
          </Group>
        ) : templatesQuery.isError ? (
          <Text c="red" size="sm" role="alert">
            Could not load templates: {templatesQuery.error.message}
          </Text>
        ) : matches.length === 0 ? (
          <Text c="dimmed" size="sm" py="sm">
            {search
              ? 'No template matches your search.'
              : `No ${channel === 'SMS' ? 'SMS' : 'email'} templates yet: add one in Templates (account menu).`}
          </Text>
        ) : (
          <div id={listId} role="listbox" aria-label="Templates" className={classes.list}>
            {matches.map(({ template, preview, needs }, index) => (
              <div
                key={template._id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={classes.option}
                data-active={index === activeIndex || undefined}
                onMouseEnter={() => setActive(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(index)}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} lineClamp={1}>
                    {template.name}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    {render.isPending && index === activeIndex && <Loader size={14} />}
                    {needs.map((need) => (
                      <Badge key={need} size="xs" variant="light" color="orange">
                        {need}
                      </Badge>
                    ))}
                    <Badge
                      size="xs"
                      variant="light"
                      color={template.scope === 'company' ? 'indigo' : 'gray'}
                    >
                      {template.scope === 'company' ? 'Company' : 'Mine'}
                    </Badge>
                  </Group>
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {preview}
                </Text>
              </div>
            ))}
          </div>
        )}
        <Text size="xs" c="dimmed">
          ↑ ↓ to move · Enter to use · Esc to close
        </Text>
      </Stack>
    </Modal>
  );
}
