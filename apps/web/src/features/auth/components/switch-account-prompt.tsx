import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TokenAccount } from '../utils/access-token';

export type SwitchAccountPromptProps = {
  current: TokenAccount;
  next: TokenAccount;
  isSwitching: boolean;
  onSwitch: () => void;
  onStay: () => void;
};

/**
 * A sign-in link for another account never replaces the session silently: a link sent by
 * someone else would sign the reader into the sender's account (login CSRF).
 */
export function SwitchAccountPrompt({
  current,
  next,
  isSwitching,
  onSwitch,
  onStay,
}: SwitchAccountPromptProps) {
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Switch account?
      </Title>
      <Text>{`You are signed in as ${current.label}. Switch to ${next.label}?`}</Text>
      <Group>
        <Button onClick={onSwitch} loading={isSwitching}>
          Switch account
        </Button>
        <Button variant="default" onClick={onStay} disabled={isSwitching}>
          {`Stay signed in as ${current.label}`}
        </Button>
      </Group>
    </Stack>
  );
}
