import { Anchor } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useState } from 'react';
import { splitLinks } from '../utils/split-links';
import { HighlightedText } from './search-highlight';
import classes from './timeline.module.css';

export type MessageTextProps = {
  text: string | null;
  /** The English translation of a message written in another language. */
  translation?: string;
};

export type LinkedTextProps = { text: string };

/**
 * The text with its web addresses as links that open in a new tab (and tell the page they open
 * nothing of this one), searched words marked in both.
 */
export function LinkedText({ text }: LinkedTextProps) {
  return splitLinks(text).map((part, index) =>
    part.href ? (
      <a
        key={index}
        className={classes.link}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer"
      >
        <HighlightedText text={part.text} />
      </a>
    ) : (
      <HighlightedText key={index} text={part.text} />
    ),
  );
}

/**
 * A message body as plain text (never HTML), its web addresses as links, with its English translation beneath when there is one;
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
          <LinkedText text={text} />
        </div>
      )}
      {translation && isTranslationShown && (
        <div className={classes.translation}>
          <div className={classes.translationLabel}>
            <IconLanguage size={13} stroke={1.75} aria-hidden />
            English translation
          </div>
          <div className={classes.text}>
            <LinkedText text={translation} />
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
