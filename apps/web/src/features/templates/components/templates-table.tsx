import type { MessageTemplate } from '@leasing/contract';
import { Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { listState } from '../../../components/ui/list-state';
import { RowActions } from '../../../components/ui/row-actions';
import { StackedTable } from '../../../components/ui/stacked-table';
import { useTemplates } from '../api/get-templates';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { COMPANY_TEMPLATES_ONLY_MANAGERS, TemplateFormDialog } from './template-form-dialog';

const COLUMNS = {
  name: 'Template',
  channel: 'Channel',
  languages: 'Languages',
  usage: 'Used',
} as const;

const CHANNEL_LABELS: Record<MessageTemplate['channel'], string> = {
  SMS: 'SMS',
  EMAIL: 'Email',
  BOTH: 'SMS and email',
};

type Opened = { kind: 'edit' | 'delete'; template: MessageTemplate } | null;

type TemplateRowProps = {
  template: MessageTemplate;
  onOpen: (opened: Exclude<Opened, null>) => void;
};

function TemplateRow({ template, onOpen }: TemplateRowProps) {
  const blocked = template.canEdit ? null : COMPANY_TEMPLATES_ONLY_MANAGERS;
  const action = (kind: 'edit' | 'delete', label: string) => (
    <Tooltip label={blocked} disabled={!blocked} withArrow multiline w={240}>
      <Button
        variant="subtle"
        color={kind === 'delete' ? 'red' : undefined}
        size="compact-sm"
        aria-label={`${label} ${template.name}`}
        data-disabled={blocked !== null || undefined}
        aria-disabled={blocked !== null || undefined}
        onClick={blocked ? (event) => event.preventDefault() : () => onOpen({ kind, template })}
      >
        {label}
      </Button>
    </Tooltip>
  );
  return (
    <Table.Tr>
      <Table.Td data-label={COLUMNS.name}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {template.name}
          </Text>
          <Badge size="xs" variant="light" color={template.scope === 'company' ? 'indigo' : 'gray'}>
            {template.scope === 'company' ? 'Company' : 'Mine'}
          </Badge>
        </Group>
        {template.subject && (
          <Text size="xs" fw={500} lineClamp={1}>
            {template.subject}
          </Text>
        )}
        <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {template.body}
        </Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.channel}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {CHANNEL_LABELS[template.channel]}
        </Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.languages}>
        <Text size="sm">
          {['Default', ...template.variants.map((variant) => variant.language.toUpperCase())].join(
            ', ',
          )}
        </Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.usage}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {template.usageCount === 1 ? '1 message' : `${template.usageCount} messages`}
        </Text>
      </Table.Td>
      <RowActions blockedReason={blocked}>
        {action('edit', 'Edit')}
        {action('delete', 'Delete')}
      </RowActions>
    </Table.Tr>
  );
}

export type TemplatesTableProps = {
  canManageCompany: boolean;
};

/** The templates the user may use: the company's, then their own, with how often each was sent. */
export function TemplatesTable({ canManageCompany }: TemplatesTableProps) {
  const templatesQuery = useTemplates();
  const [opened, setOpened] = useState<Opened>(null);

  function handleClose() {
    setOpened(null);
  }

  if (!templatesQuery.isSuccess || templatesQuery.data.length === 0) {
    return listState(templatesQuery, {
      loadingLabel: 'Loading templates',
      errorTitle: 'Could not load the templates',
      empty: {
        icon: <IconTemplate size={22} stroke={1.5} />,
        title: 'No templates yet',
        description:
          'Add a template for what you write often; type / in an empty message to use it.',
      },
    });
  }

  return (
    <>
      <StackedTable label="Templates" columns={Object.values(COLUMNS)} withActions>
        {templatesQuery.data.map((template) => (
          <TemplateRow key={template._id} template={template} onOpen={setOpened} />
        ))}
      </StackedTable>
      {opened?.kind === 'edit' && (
        <TemplateFormDialog
          key={opened.template._id}
          template={opened.template}
          canManageCompany={canManageCompany}
          onClose={handleClose}
        />
      )}
      {opened?.kind === 'delete' && (
        <DeleteTemplateDialog
          key={opened.template._id}
          template={opened.template}
          onClose={handleClose}
        />
      )}
    </>
  );
}
