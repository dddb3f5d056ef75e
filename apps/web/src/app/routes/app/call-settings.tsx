import { NativeSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SELECTED_PROPERTY_PARAM } from '../../../config/paths';
import { useUser } from '../../../features/auth/api/get-user';
import { canManageSettings } from '../../../features/auth/utils/authorization';
import { useCallSettings } from '../../../features/calls/api/get-call-settings';
import { useVoiceSettings } from '../../../features/calls/api/get-voice-settings';
import { CallRecordingForm } from '../../../features/calls/components/call-recording-form';
import { CallSettingsForm } from '../../../features/calls/components/call-settings-form';
import { useProperties } from '../../../features/properties/api/get-properties';

/**
 * Settings → Calls (managers read, admins change): per property, what a caller hears, which
 * phones ring, the voicemail and the text back to missed callers. The property is in the URL
 * (`?property=`); without one, the first property opens.
 */
export function CallSettingsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const propertiesQuery = useProperties();
  const properties = propertiesQuery.data ?? [];
  const asked = searchParams.get(SELECTED_PROPERTY_PARAM);
  const propertyId =
    properties.find((property) => property._id === asked)?._id ?? properties[0]?._id;

  function handlePropertyChange(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.currentTarget.value;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(SELECTED_PROPERTY_PARAM, next);
        return params;
      },
      { replace: true },
    );
  }

  function renderBody() {
    if (propertiesQuery.isPending) return <CallSettingsSkeleton withPicker />;
    if (propertiesQuery.isError) {
      return (
        <ErrorState
          title="Could not load the properties"
          message="Check your connection and try again."
          onRetry={() => void propertiesQuery.refetch()}
        />
      );
    }
    if (!propertyId) {
      return (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconBuildingCommunity size={22} stroke={1.5} />}
            title="No properties yet"
            description="Properties arrive from your property-management system."
          />
        </Paper>
      );
    }
    return (
      <>
        <NativeSelect
          label="Property"
          value={propertyId}
          onChange={handlePropertyChange}
          data={properties.map((property) => ({ value: property._id, label: property.name }))}
          maw={360}
        />
        <PropertyCallSettings key={propertyId} propertyId={propertyId} />
      </>
    );
  }

  return (
    <Stack gap="lg" maw={820}>
      <div>
        <Title order={1} size="h3">
          Calls
        </Title>
        <Text c="dimmed" size="sm">
          What callers to each property hear, which phones ring, the voicemail and the text back to
          callers nobody answered.
        </Text>
      </div>
      <CompanyCallRecording />
      {renderBody()}
    </Stack>
  );
}

/** The company's call recording, above the properties' own settings. */
function CompanyCallRecording() {
  const query = useCallSettings();
  const userQuery = useUser();
  if (query.isPending || userQuery.isPending)
    return <Skeleton height={200} aria-label="Loading call recording" />;
  if (!query.data) {
    return (
      <ErrorState
        title="Could not load call recording"
        message="Check your connection and try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <CallRecordingForm saved={query.data} canChange={canManageSettings(userQuery.data?.role)} />
  );
}

function PropertyCallSettings({ propertyId }: { propertyId: string }) {
  const query = useVoiceSettings(propertyId);
  const userQuery = useUser();
  if (query.isPending || userQuery.isPending) return <CallSettingsSkeleton />;
  if (!query.data) {
    return (
      <ErrorState
        title="Could not load the call settings"
        message="Check your connection and try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <CallSettingsForm
      propertyId={propertyId}
      saved={query.data.settings}
      canChange={canManageSettings(userQuery.data?.role)}
    />
  );
}

function CallSettingsSkeleton({ withPicker = false }: { withPicker?: boolean }) {
  return (
    <Stack role="status" aria-label="Loading call settings" gap="sm">
      {withPicker && <Skeleton height={56} width={360} maw="100%" />}
      <Skeleton height={120} />
      <Skeleton height={260} />
      <Skeleton height={160} />
    </Stack>
  );
}
