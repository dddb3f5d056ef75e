import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useUser } from '../../../features/auth/api/get-user';
import { TemplateFormDialog } from '../../../features/templates/components/template-form-dialog';
import { TemplatesTable } from '../../../features/templates/components/templates-table';

/**
 * Settings → Templates, for every staff member: company templates (kept by managers and admins)
 * and each person's own, with how many messages were sent from each.
 */
export function TemplatesRoute() {
  const userQuery = useUser();
  const role = userQuery.data?.role;
  const canManageCompany = role === 'admin' || role === 'manager';
  const [adding, setAdding] = useState(false);

  return (
    <Stack gap="lg" maw={1180}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h3">
            Templates
          </Title>
          <Text c="dimmed" size="sm" maw={680}>
            Type / in an empty message to pick one. Merge fields such as {'{{lead.firstName}}'} are
            filled for each lead; a field with no value for the lead stops the template with its
            name.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          New template
        </Button>
      </Group>
      <TemplatesTable canManageCompany={canManageCompany} />
      {adding && (
        <TemplateFormDialog canManageCompany={canManageCompany} onClose={() => setAdding(false)} />
      )}
    </Stack>
  );
}
