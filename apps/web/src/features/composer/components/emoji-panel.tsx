import EmojiPicker from 'emoji-picker-react';
import type { EmojiClickData } from 'emoji-picker-react';

export type EmojiPanelProps = {
  onPick: (emoji: string) => void;
};

/**
 * The emoji picker itself. Loaded on first use only (it is large); native emojis, so it draws with
 * the system's font and fetches no images.
 */
export function EmojiPanel({ onPick }: EmojiPanelProps) {
  function handleEmojiClick(data: EmojiClickData) {
    onPick(data.emoji);
  }

  return (
    <EmojiPicker
      emojiStyle="native"
      onEmojiClick={handleEmojiClick}
      autoFocusSearch
      lazyLoadEmojis
      skinTonesDisabled
      previewConfig={{ showPreview: false }}
      width={320}
      height={380}
    />
  );
}
