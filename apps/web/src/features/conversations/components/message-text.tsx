import { Anchor } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useState } from 'react';
import { HighlightedText } from './search-highlight';
import classes from './timeline.module.css';

export type MessageTextProps = {
  text: string | null;
  /** The English translation of a message written in another language. */
  translation?: string;
};

/**
 * A message body as plain text (never HTML), with its English translation beneath when there is one;
 * the reader can hide the translation to read the original alone.
 */
export function MessageText({ text, translation }: MessageTextProps) {
  const [isTranslationShown, setIsTranslationShown] = useState(true);

  function handleToggleTranslation() {
    setIsTranslationShown((shown) => !shown);
  }

  return (
    <>
      {text && (
        <div className={classes.text}>
          <HighlightedText text={text} />
        </div>
      )}
      {translation && isTranslationShown && (
        <div className={classes.translation}>
          <div className={classes.translationLabel}>
            <IconLanguage size={13} stroke={1.75} aria-hidden />
            English translation
          </div>
          <div className={classes.text}>
            <HighlightedText text={translation} />
          </div>
        </div>
      )}
      {translation && (
        <div className={classes.bubbleActions}>
          <Anchor component="button" type="button" size="xs" onClick={handleToggleTranslation}>
            {isTranslationShown ? 'Show original' : 'Show translation'}
          </Anchor>
        </div>
      )}
    </>
  );
}
