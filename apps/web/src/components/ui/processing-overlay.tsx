import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';

export type ProcessingOverlayProps = {
  visible: boolean;
};

/** Covers its (relatively positioned) parent while work is in progress. */
export function ProcessingOverlay({ visible }: ProcessingOverlayProps) {
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={150}
      overlayProps={{ blur: 1, backgroundOpacity: 0.45, color: '#fff' }}
      loaderProps={{
        children: (
          <Stack align="center" gap={8} role="status">
            <Loader size="md" />
            <Text size="sm" fw={600}>
              Processing...
            </Text>
          </Stack>
        ),
      }}
    />
  );
}
