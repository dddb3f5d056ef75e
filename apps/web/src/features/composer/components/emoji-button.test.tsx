import { apiPaths } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

// The third-party picker draws a virtualized grid that jsdom cannot lay out; this stand-in offers
// one emoji through the same props. It also tells when the picker's module is first loaded.
const picker = vi.hoisted(() => ({ loads: 0 }));
vi.mock('emoji-picker-react', () => {
  picker.loads += 1;
  return {
    default: ({
      onEmojiClick,
      emojiStyle,
    }: {
      onEmojiClick: (data: { emoji: string }) => void;
      emojiStyle: string;
    }) => (
      <div data-emoji-style={emojiStyle}>
        <input aria-label="Type to search for an emoji" autoFocus />
        <button
          type="button"
          aria-label="grinning face"
          onClick={() => onEmojiClick({ emoji: '😀' })}
        >
          😀
        </button>
      </div>
    ),
  };
});

async function openComposer() {
  startSession('token');
  const lead = leadFixture({ officeDecisionState: null });
  stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
  });
  const path = `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`;
  const rendered = renderApp(path);
  const form = await screen.findByRole('form', { name: 'Message composer' });
  return { ...rendered, composer: within(form) };
}

describe('composer: emoji picker', () => {
  it(
    'loads the picker on first use, inserts at the caret, and closes with Escape',
    { timeout: 20000 },
    async () => {
      const { user, composer } = await openComposer();
      const message = composer.getByPlaceholderText<HTMLTextAreaElement>(
        'Send a message to the lead',
      );
      await user.type(message, 'See you soon');
      message.setSelectionRange(3, 3);
      expect(picker.loads).toBe(0);

      await user.click(composer.getByRole('button', { name: 'Insert emoji' }));
      const dropdown = await screen.findByRole('dialog', { name: 'Emoji picker' });
      const grinning = await within(dropdown).findByRole('button', { name: 'grinning face' });
      expect(picker.loads).toBe(1);
      expect(grinning.parentElement?.dataset.emojiStyle).toBe('native');
      await user.click(grinning);

      expect(message.value).toBe('See😀 you soon');
      expect(message.selectionStart).toBe(5);
      expect(document.activeElement).toBe(message);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Emoji picker' })).toBeNull(),
      );

      await user.click(composer.getByRole('button', { name: 'Insert emoji' }));
      await screen.findByRole('button', { name: 'grinning face' });
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Emoji picker' })).toBeNull(),
      );
      expect(document.activeElement).toBe(composer.getByRole('button', { name: 'Insert emoji' }));
      expect(picker.loads).toBe(1);
    },
  );
});
